import {
  parseSignedTrustEntry,
  TRUST_LOG_PAGE_MAX,
  type TrustLogItem,
  type TrustLogQuery,
  type TrustLogResponse,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { lockOrganisationRow } from '../../repositories/organisation-repository.js';
import { findTrustLogHead, listTrustLogRows } from '../../repositories/trust-log-repository.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { appendDescribingEntries, parseTrustEntries, requireCallersEntries } from './trust-entries-guard.js';
import { asAppError } from './trust-log-refusals.js';
import { keepTrustState, signedEntryOfRow } from './trust-state-cache.js';

export {
  TRUST_LOG_AHEAD_MESSAGE,
  TRUST_LOG_GENESIS_MESSAGE,
  TRUST_LOG_MOVED_MESSAGE,
  TRUST_LOG_NOT_ACTOR_MESSAGE,
} from './trust-log-refusals.js';

/**
 * GET /api/v1/trust_log: the caller's organisation's entries after `after`, in order, at most
 * TRUST_LOG_PAGE_MAX, with the head. Every member reads the whole log, since each browser verifies
 * it from genesis to know who reads; it names every user's e-mail and key and every team and chest
 * assignment by id, more than a member sees elsewhere (decisions.md).
 */
export async function listTrustLog(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  query: TrustLogQuery,
): Promise<TrustLogResponse> {
  const organisationId = caller.organisation.id;
  const [rows, head] = await Promise.all([
    listTrustLogRows(ctx.db, organisationId, query.after ?? -1, TRUST_LOG_PAGE_MAX),
    findTrustLogHead(ctx.db, organisationId),
  ]);
  const items = rows.map((row) => ({ ...signedEntryOfRow(row), seq: row.seq, hash: row.hash }));
  return { items, head };
}

/**
 * POST /api/v1/trust_log with one `{ entry, sig }`: a batch of one (appendTrustEntries), so a single
 * entry is held to the same rule, the rows must be what the log says after it. Its shape is checked
 * first, for the single entry's own messages.
 */
export async function appendTrustEntry(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  body: unknown,
): Promise<TrustLogItem> {
  try {
    parseSignedTrustEntry(body);
  } catch (error) {
    throw asAppError(error);
  }
  const { items } = await appendTrustEntries(ctx, caller, { entries: [body] });
  return items[0] as TrustLogItem;
}

/** 400: a batch is `{ entries: [...] }` with 1 to TRUST_ENTRIES_MAX entries and nothing else. */
export const TRUST_LOG_BATCH_MESSAGE = 'A batch is { entries } with 1 to 1,000 signed entries.';

/** Tells the batch form of POST /api/v1/trust_log (`{ entries }`) from the single entry (`{ entry, sig }`). */
export function isTrustEntryBatch(body: unknown): body is { entries: unknown } {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'entries' in body;
}

/**
 * POST /api/v1/trust_log with `{ entries }`: appends a run of the caller's signed entries at once,
 * or none of them. They start at the place after the head (a genesis batch starts the log: genesis,
 * admissions, then a snapshot, from the owner's browser) and are checked as membership calls check
 * theirs (trust-entries-guard.ts): the rows, unchanged by this call, must be what the log says after
 * the batch, so a log is never started, nor moved on, into a state the rows do not have.
 */
export async function appendTrustEntries(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  body: { entries: unknown },
): Promise<{ items: TrustLogItem[] }> {
  const { entries: list, ...others } = body;
  if (Object.keys(others).length > 0 || !Array.isArray(list) || list.length === 0) {
    throw AppError.validation(TRUST_LOG_BATCH_MESSAGE);
  }
  const entries = parseTrustEntries(list);
  requireCallersEntries(caller, entries);
  const organisationId = caller.organisation.id;
  const { state, items } = await runChange(ctx.db, organisationId, async (trx) => {
    await lockOrganisationRow(trx, organisationId);
    const head = await findTrustLogHead(trx, organisationId);
    return appendDescribingEntries(trx, organisationId, head, entries);
  });
  keepTrustState(organisationId, state);
  return { items };
}
