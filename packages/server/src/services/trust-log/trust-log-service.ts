import {
  canonicalJson,
  foldTrustLog,
  isTrustLogError,
  parseSignedTrustEntry,
  type SignedTrustEntry,
  TRUST_LOG_PAGE_MAX,
  type TrustLogErrorKind,
  type TrustLogItem,
  type TrustLogQuery,
  type TrustLogResponse,
  type TrustState,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import { notFound } from '../../errors/policy-errors.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import {
  findTrustLogHead,
  insertTrustLogRow,
  listTrustLogRows,
  type TrustLogHead,
} from '../../repositories/trust-log-repository.js';
import { isUniqueViolation } from '../../repositories/unique-violation.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { requireEntrySubjects } from './trust-entry-subjects.js';
import { keepTrustState, signedEntryOfRow, trustStateAt } from './trust-state-cache.js';

/** 409: another entry took this place first; the browser syncs, folds and signs again. */
export const TRUST_LOG_MOVED_MESSAGE = 'The trust log has moved on: sync it and sign the entry again.';
/** 422: the entry's seq is beyond the one after the log's last. */
export const TRUST_LOG_AHEAD_MESSAGE =
  'The entry skips entries: its seq must be the one after the log’s last.';
/** 403: an entry is sent by the user who signed it. */
export const TRUST_LOG_NOT_ACTOR_MESSAGE = 'An entry is appended by its own actor.';
/** 403: genesis is the owner's. */
export const TRUST_LOG_GENESIS_MESSAGE = 'Only the owner may start the organisation’s trust log.';

// How the fold's refusals answer; 'sequence' and 'chain' against the head are caught before the fold.
const STATUS_OF: Record<TrustLogErrorKind, (message: string) => AppError> = {
  malformed: AppError.validation,
  sequence: AppError.unprocessable,
  chain: AppError.unprocessable,
  signature: AppError.unprocessable,
  unauthorised: AppError.forbidden,
  refused: AppError.unprocessable,
};

function asAppError(error: unknown): unknown {
  return isTrustLogError(error) ? STATUS_OF[error.kind](error.message) : error;
}

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

// A moved head is a 409 (the entry was signed against an older log); a seq beyond it is the client's error.
function requireNextPlace(head: TrustLogHead | null, signed: SignedTrustEntry): void {
  const { seq, prev } = signed.entry;
  const next = head ? head.seq + 1 : 0;
  if (seq > next) throw AppError.unprocessable(TRUST_LOG_AHEAD_MESSAGE);
  if (seq < next || (head && prev !== head.hash)) throw AppError.conflict(TRUST_LOG_MOVED_MESSAGE);
}

/**
 * POST /api/v1/trust_log: appends one signed entry of the caller's organisation, sent by its actor.
 * The entry is verified as every browser verifies it (signature, chain, seq and the authority rules
 * against the state before it, core's foldTrustLog) and must name only this organisation's users,
 * teams and chests, binding the keys the server holds. Nothing is written unless all of that holds;
 * an entry at a place another took first is a 409.
 */
export async function appendTrustEntry(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  body: unknown,
): Promise<TrustLogItem> {
  const organisationId = caller.organisation.id;
  let signed: SignedTrustEntry;
  try {
    signed = parseSignedTrustEntry(body);
  } catch (error) {
    throw asAppError(error);
  }
  const { entry } = signed;
  if (entry.org !== organisationId) throw notFound();
  if (entry.actor !== caller.user.id) throw AppError.forbidden(TRUST_LOG_NOT_ACTOR_MESSAGE);
  if (entry.op === 'genesis' && caller.user.id !== caller.organisation.owner_id) {
    throw AppError.forbidden(TRUST_LOG_GENESIS_MESSAGE);
  }
  await requireEntrySubjects(ctx.db, organisationId, entry);

  const head = await findTrustLogHead(ctx.db, organisationId);
  requireNextPlace(head, signed);
  const before: TrustState | undefined = head ? await trustStateAt(ctx.db, organisationId, head) : undefined;
  let after: TrustState;
  try {
    after = await foldTrustLog([signed], before);
  } catch (error) {
    throw asAppError(error);
  }
  const row = { seq: entry.seq, entry: canonicalJson(entry), sig: signed.sig, hash: after.head };
  // The key (organisation, seq) refuses a second entry at this place, whoever wrote first.
  await runChange(ctx.db, organisationId, async (trx) => {
    try {
      await insertTrustLogRow(trx, organisationId, row, new Date().toISOString());
    } catch (error) {
      throw isUniqueViolation(error) ? AppError.conflict(TRUST_LOG_MOVED_MESSAGE) : error;
    }
  });
  keepTrustState(organisationId, after);
  return { ...signed, seq: entry.seq, hash: after.head };
}
