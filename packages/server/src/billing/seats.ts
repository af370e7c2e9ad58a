import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { lockOrganisationRow } from '../repositories/organisation-repository.js';
import type { BillingProvider } from './billing-provider.js';
import { syncLedgerQuantity } from './local/ledger-periods.js';
import { countAccounts } from './plan-limits.js';

/** What seat keeping needs of the service context. */
export interface SeatContext {
  billing: BillingProvider | null;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

/**
 * Inside the transaction of a user added or removed (after requireWithinPlan or
 * lockOrganisationRow): the local ledger's subscription quantity follows the accounts in the same
 * transaction. Other providers are told after the commit (syncSeatsAfterCommit).
 */
export async function syncSeatsInTransaction(
  trx: Kysely<Database>,
  ctx: Pick<SeatContext, 'billing'>,
  organisationId: string,
): Promise<void> {
  if (ctx.billing?.mode !== 'local') return;
  await lockOrganisationRow(trx, organisationId);
  await syncLedgerQuantity(trx, organisationId, new Date());
}

/**
 * After the commit of a user change: a provider that keeps the subscription elsewhere (Stripe)
 * gets the quantity counted afresh, so the last of several concurrent changes tells it the final
 * figure. A failure is logged and leaves the user change done; the next change (or the
 * administrator's PATCH of the subscription) brings the quantity in step again.
 */
export async function syncSeatsAfterCommit(ctx: SeatContext, organisationId: string): Promise<void> {
  if (!ctx.billing || ctx.billing.mode === 'local') return;
  try {
    await ctx.billing.updateQuantity(organisationId, await countAccounts(ctx.db, organisationId));
  } catch (error) {
    ctx.log.error({ err: error, organisationId }, 'billing: the subscription quantity could not be updated');
  }
}
