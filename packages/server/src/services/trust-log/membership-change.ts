import type { SignedTrustEntry, TrustState } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { lockOrganisationRow } from '../../repositories/organisation-repository.js';
import { runChange } from '../organisation-change.js';
import { guardTrustEntries } from './trust-entries-guard.js';
import { keepTrustState } from './trust-state-cache.js';

/**
 * runChange for a call that changes who reads (issue 30): the organisation's row is held first (so
 * that two such calls are checked one after the other, each seeing what the other committed), then
 * `work` writes the change, then the trust-entries guard checks the signed entries against the rows
 * and appends them, all in one transaction. The folded state is kept only once it has committed.
 */
export async function runMembershipChange<T>(
  db: Kysely<Database>,
  caller: CallerAccess,
  entries: readonly SignedTrustEntry[],
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const organisationId = caller.organisation.id;
  let kept: TrustState | undefined;
  const result = await runChange(db, organisationId, async (trx) => {
    await lockOrganisationRow(trx, organisationId);
    const value = await work(trx);
    kept = await guardTrustEntries(trx, caller, entries);
    return value;
  });
  if (kept) keepTrustState(organisationId, kept);
  return result;
}
