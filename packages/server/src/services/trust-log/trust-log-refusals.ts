import { isTrustLogError, type SignedTrustEntry, type TrustLogErrorKind } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { TrustLogHead } from '../../repositories/trust-log-repository.js';

// How an append answers its refusals, shared by the single append, the batch and the membership
// calls that carry their entries (issue 30), so that a browser reads one set of answers.

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

/** A TrustLogError as the answer it gives; anything else as it was. */
export function asAppError(error: unknown): unknown {
  return isTrustLogError(error) ? STATUS_OF[error.kind](error.message) : error;
}

/**
 * The first entry sent must take the place after the head: a moved head is a 409 (the entry was
 * signed against an older log); a seq beyond it is the client's error.
 */
export function requireNextPlace(head: TrustLogHead | null, signed: SignedTrustEntry): void {
  const { seq, prev } = signed.entry;
  const next = head ? head.seq + 1 : 0;
  if (seq > next) throw AppError.unprocessable(TRUST_LOG_AHEAD_MESSAGE);
  if (seq < next || (head && prev !== head.hash)) throw AppError.conflict(TRUST_LOG_MOVED_MESSAGE);
}
