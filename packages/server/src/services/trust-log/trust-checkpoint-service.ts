import type { TrustCheckpointBlob, TrustCheckpointUpdate } from '@coffer/core';
import { TRUST_CHECKPOINT_MAX_CHARS } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { findTrustCheckpoint, saveTrustCheckpoint } from '../../repositories/trust-checkpoint-repository.js';
import { isSealedText } from '../sealed-text.js';
import type { ServiceContext } from '../service-context.js';

/** 409: the stored checkpoint is further on (another browser of the user's); the browser reads it. */
export const TRUST_CHECKPOINT_BEHIND_MESSAGE = 'A later checkpoint is already stored.';
/** 400: a blob that is not base64 text. */
export const TRUST_CHECKPOINT_INVALID_MESSAGE = 'The trust log checkpoint could not be saved.';
/** 400: a blob over TRUST_CHECKPOINT_MAX_CHARS. */
export const TRUST_CHECKPOINT_TOO_LARGE_MESSAGE = 'The trust log checkpoint is too large to keep.';

/**
 * GET /api/v1/trust_log/checkpoint: the caller's own signed checkpoint of the trust log (issue 30),
 * both null before the first save. Every signed-in user has exactly one, theirs: there is no id to
 * ask for anyone else's, so no role reads or writes another user's.
 */
export async function readTrustCheckpoint(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
): Promise<TrustCheckpointBlob> {
  const row = await findTrustCheckpoint(ctx.db, caller.organisation.id, caller.user.id);
  return { seq: row?.seq ?? null, signed: row?.signed ?? null };
}

/**
 * PUT /api/v1/trust_log/checkpoint: replaces the caller's own checkpoint with one at the same or a
 * later seq. A lower seq is a 409 and writes nothing: another browser of the user's got further, and
 * a checkpoint only moves forward. The server does not compare seq with the log: the browser checks
 * the log against its checkpoint, not the other way round.
 */
export async function replaceTrustCheckpoint(
  ctx: Pick<ServiceContext, 'db'>,
  caller: CallerAccess,
  update: TrustCheckpointUpdate,
): Promise<TrustCheckpointBlob> {
  const { seq, signed } = update;
  if (signed.length > TRUST_CHECKPOINT_MAX_CHARS)
    throw AppError.validation(TRUST_CHECKPOINT_TOO_LARGE_MESSAGE);
  if (!isSealedText(signed)) throw AppError.validation(TRUST_CHECKPOINT_INVALID_MESSAGE);
  const written = await saveTrustCheckpoint(ctx.db, {
    organisationId: caller.organisation.id,
    userId: caller.user.id,
    seq,
    signed,
    updatedAt: new Date().toISOString(),
  });
  if (!written) throw AppError.conflict(TRUST_CHECKPOINT_BEHIND_MESSAGE);
  return { seq, signed };
}
