import {
  canonicalJson,
  foldTrustLog,
  parseSignedTrustEntry,
  type SignedTrustEntry,
  type TrustLogItem,
  type TrustState,
  trustEntryHash,
  trustProjection,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { notFound } from '../../errors/policy-errors.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { lockOrganisationRow } from '../../repositories/organisation-repository.js';
import {
  findTrustLogHead,
  insertTrustLogRow,
  type TrustLogHead,
} from '../../repositories/trust-log-repository.js';
import { readTrustProjection } from '../../repositories/trust-projection-repository.js';
import { isUniqueViolation } from '../../repositories/unique-violation.js';
import { activeUserIdsOf } from './log-readers.js';
import {
  asAppError,
  requireNextPlace,
  TRUST_LOG_GENESIS_MESSAGE,
  TRUST_LOG_MOVED_MESSAGE,
  TRUST_LOG_NOT_ACTOR_MESSAGE,
} from './trust-log-refusals.js';
import { trustStateAt } from './trust-state-cache.js';

/*
 * Issue 30: once an organisation has a trust log, a change of who reads lands only with the signed
 * entries that describe it. After the change's rows are written, in its transaction, the entries are
 * folded onto the log (signature, chain, seq and authority, as every browser checks them), and the
 * folded state's projection (core's trustProjection) must equal the rows' projection read in the same
 * transaction; then the entries are appended there. So the rows and the log never part: whatever the
 * server later answers about who reads, a browser that folds the log can check it. A call that leaves
 * the projection as it was (renaming a team) needs no entries.
 */

/** At most this many entries in one call (a team of many members is one entry per member). */
export const TRUST_ENTRIES_MAX = 1000;
/** 400: trust_entries is not a list of at most TRUST_ENTRIES_MAX entries. */
export const TRUST_ENTRIES_SHAPE_MESSAGE = 'Trust_entries must be a list of at most 1,000 signed entries.';
/** 422: entries sent to an organisation that has not started its log. */
export const NO_TRUST_LOG_MESSAGE = 'This organisation has no trust log yet.';
/** 422: the log after the entries does not say what the rows after the change say. */
export const TRUST_ENTRIES_MISMATCH_MESSAGE = 'The signed entries do not describe this change.';

/** The body's trust_entries (absent: none), each checked by core's parser for its plain messages. */
export function parseTrustEntries(value: unknown): SignedTrustEntry[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > TRUST_ENTRIES_MAX) {
    throw AppError.validation(TRUST_ENTRIES_SHAPE_MESSAGE);
  }
  try {
    return value.map((signed) => parseSignedTrustEntry(signed));
  } catch (error) {
    throw asAppError(error);
  }
}

/**
 * Every entry is of the caller's organisation (another's answers 404, as any foreign id does) and
 * signed by the caller as actor; genesis only by the owner.
 */
export function requireCallersEntries(caller: CallerAccess, entries: readonly SignedTrustEntry[]): void {
  for (const { entry } of entries) {
    if (entry.org !== caller.organisation.id) throw notFound();
    if (entry.actor !== caller.user.id) throw AppError.forbidden(TRUST_LOG_NOT_ACTOR_MESSAGE);
    if (entry.op === 'genesis' && caller.user.id !== caller.organisation.owner_id) {
      throw AppError.forbidden(TRUST_LOG_GENESIS_MESSAGE);
    }
  }
}

/**
 * In the transaction, after the rows are written: folds `entries` onto the stored log at `head`
 * (null: they start it), requires the folded projection to equal the rows', and appends them.
 * Answers the state after them, to keep once the transaction commits, and the stored items.
 */
export async function appendDescribingEntries(
  trx: Kysely<Database>,
  organisationId: string,
  head: TrustLogHead | null,
  entries: readonly SignedTrustEntry[],
): Promise<{ state: TrustState; items: TrustLogItem[] }> {
  const [first] = entries;
  if (first) requireNextPlace(head, first);
  const before = head ? await trustStateAt(trx, organisationId, head) : undefined;
  let after: TrustState;
  try {
    after = entries.length > 0 ? await foldTrustLog(entries, before) : (before as TrustState);
  } catch (error) {
    throw asAppError(error);
  }
  const rows = await readTrustProjection(trx, organisationId, activeUserIdsOf(after));
  if (canonicalJson(trustProjection(after)) !== canonicalJson(rows)) {
    throw AppError.unprocessable(TRUST_ENTRIES_MISMATCH_MESSAGE);
  }
  const hashes = await Promise.all(entries.map((signed) => trustEntryHash(signed)));
  const at = new Date().toISOString();
  const items: TrustLogItem[] = [];
  for (const [index, signed] of entries.entries()) {
    const { seq } = signed.entry;
    const hash = hashes[index] as string;
    const row = { seq, entry: canonicalJson(signed.entry), sig: signed.sig, hash };
    // The key (organisation, seq) refuses a place another call took first, whoever committed first.
    try {
      await insertTrustLogRow(trx, organisationId, row, at);
    } catch (error) {
      throw isUniqueViolation(error) ? AppError.conflict(TRUST_LOG_MOVED_MESSAGE) : error;
    }
    items.push({ ...signed, seq, hash });
  }
  return { state: after, items };
}

/**
 * The guard of every membership call, in its transaction after its rows are written (the
 * organisation's row held): without a log, entries are refused and nothing else is checked; with a
 * log, appendDescribingEntries. Answers the state to keep after the commit, if any.
 */
export async function guardTrustEntries(
  trx: Kysely<Database>,
  caller: CallerAccess,
  entries: readonly SignedTrustEntry[],
): Promise<TrustState | undefined> {
  const organisationId = caller.organisation.id;
  requireCallersEntries(caller, entries);
  await lockOrganisationRow(trx, organisationId);
  const head = await findTrustLogHead(trx, organisationId);
  if (!head) {
    if (entries.length > 0) throw AppError.unprocessable(NO_TRUST_LOG_MESSAGE);
    return undefined;
  }
  return (await appendDescribingEntries(trx, organisationId, head, entries)).state;
}
