import type { ClientConfig, HealthDismissalsBlob } from '@coffer/core';
import { HEALTH_DISMISSALS_MAX_CHARS } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/index.js';
import {
  findHealthDismissals,
  saveHealthDismissals,
} from '../../repositories/health-dismissal-repository.js';
import { isSealedText } from '../sealed-text.js';
import type { ServiceContext } from '../service-context.js';

/** Refusal of a blob that is not base64 text. */
export const HEALTH_DISMISSALS_INVALID_MESSAGE = 'The dismissed findings could not be saved.';
/** Refusal of a blob over HEALTH_DISMISSALS_MAX_CHARS. */
export const HEALTH_DISMISSALS_TOO_LARGE_MESSAGE = 'Too many dismissed findings to keep.';

/**
 * The caller's own sealed dismissals (issue 31). Every signed-in user has exactly one blob, theirs:
 * there is no id to ask for anyone else's, so no role reads or writes another user's.
 */
export async function readHealthDismissals(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<HealthDismissalsBlob> {
  const row = await findHealthDismissals(ctx.db, caller.organisation.id, caller.user.id);
  return { sealed: row?.sealed ?? null, updated_at: row?.updated_at ?? null };
}

/** Replaces the caller's own sealed dismissals with a new blob (base64, at most the shared limit). */
export async function replaceHealthDismissals(
  ctx: ServiceContext,
  caller: CallerAccess,
  sealed: string,
): Promise<HealthDismissalsBlob> {
  if (sealed.length > HEALTH_DISMISSALS_MAX_CHARS)
    throw AppError.tooLarge(HEALTH_DISMISSALS_TOO_LARGE_MESSAGE);
  if (!isSealedText(sealed)) throw AppError.validation(HEALTH_DISMISSALS_INVALID_MESSAGE);
  const updatedAt = new Date().toISOString();
  await saveHealthDismissals(ctx.db, {
    organisationId: caller.organisation.id,
    userId: caller.user.id,
    sealed,
    updatedAt,
  });
  return { sealed, updated_at: updatedAt };
}

/** What the web app learns before a password health check: where the breach range API is, if on. */
export function readClientConfig(ctx: ServiceContext): ClientConfig {
  return { pwned_range_url: ctx.config.pwnedRangeUrl };
}
