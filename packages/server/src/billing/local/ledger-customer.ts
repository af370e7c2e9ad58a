import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  findCustomerOrThrow,
  insertCustomerUnlessPresent,
} from '../../repositories/billing-customer-repository.js';
import { newLedgerId } from './ledger-ids.js';

/** The customer's id, made (with trialled false) on first use. */
export async function ensureCustomer(
  db: Kysely<Database>,
  organisationId: string,
  at: string,
): Promise<{ id: string; trialled: boolean }> {
  await insertCustomerUnlessPresent(db, organisationId, newLedgerId('cus'), at);
  const customer = await findCustomerOrThrow(db, organisationId);
  return { id: customer.providerCustomerId ?? '', trialled: customer.trialled };
}
