import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  forgetMissingKeys,
  type KeyPair,
  refreshMissingKeys,
} from '../repositories/missing-key-repository.js';
import { lockOrganisationRow } from '../repositories/organisation-repository.js';
import type { KeyScope } from '../repositories/reader-sql.js';
import { deleteKeysWithoutAccess } from '../repositories/secret-key-repository.js';

// The one way a change keeps wrapped keys and missing_keys right (architecture.md: a key is held
// exactly by the secret's readers; issue 13: missing pairs are recorded as they happen). Each runs
// in the change's own transaction and holds the organisation's row first, so that on PostgreSQL two
// changes of one organisation are recorded one after the other and each sees what the other
// committed. Transactions that also write chest counts call beginKeyChange first, before those
// writes, so that they take the organisation's row in the same order as every other writer.

/** Takes the organisation's row for the rest of the transaction: call it first in a change that reconciles keys. */
export async function beginKeyChange(trx: Kysely<Database>, organisationId: string): Promise<void> {
  await lockOrganisationRow(trx, organisationId);
}

/**
 * After a change of who reads what: the secrets users lost access to join the rotation list (issue
 * 31) and their keys are deleted, and the pairs of
 * the scope that now lack a key are recorded. Narrow the scope to what the change touched: it costs
 * the scope's secrets times their readers. Answers how many keys were deleted.
 */
export async function reconcileKeys(
  trx: Kysely<Database>,
  organisationId: string,
  scope: KeyScope,
): Promise<number> {
  await beginKeyChange(trx, organisationId);
  const deleted = await deleteKeysWithoutAccess(trx, organisationId, scope, new Date().toISOString());
  await refreshMissingKeys(trx, organisationId, scope);
  return deleted;
}

/** After keys of the scope were written or deleted while its readers stayed the same: records what is missing now. */
export async function recordKeyChange(
  trx: Kysely<Database>,
  organisationId: string,
  scope: KeyScope,
): Promise<void> {
  await beginKeyChange(trx, organisationId);
  await refreshMissingKeys(trx, organisationId, scope);
}

/**
 * After a delivery: every delivered pair holds a key now (inserted, or already there), so none of
 * them is missing. Forgetting the ones that already held a key too heals a pair recorded by a change
 * that could not see the key yet.
 */
export async function recordKeysDelivered(
  trx: Kysely<Database>,
  organisationId: string,
  pairs: readonly KeyPair[],
): Promise<void> {
  await beginKeyChange(trx, organisationId);
  await forgetMissingKeys(trx, organisationId, pairs);
}
