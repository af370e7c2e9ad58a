import type { Secret, SecretListItem } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/index.js';
import type { ServiceContext } from '../service-context.js';
import type { SecretInput } from './secret-input.js';
import { moveSecret } from './secret-move-service.js';
import { showSecretFor, showSecretMetadataFor } from './secret-query-service.js';
import { saveSecret } from './secret-revision-service.js';

/** Fields only a save (new encrypted data and revision) may change. */
const SAVE_ONLY_FIELDS = [
  'revision',
  'name',
  'category',
  'encryption_iv',
  'strength',
  'form_fill',
  'hidden',
] as const;

/** A PUT without encrypted data that changes more than the chest. */
export const MOVE_ONLY_MESSAGE = 'To change a secret, send its encrypted data with the next revision.';

/**
 * `PUT api/v1/secrets/{id}`: with encrypted data it is a save (the next revision, re-wrapped for the
 * readers, possibly into another chest: the web app's move, audited as one), answered as `GET`
 * answers; without, a move (spec section 7, "PUT secrets/{id} with secret {vault_id}"), which
 * changes nothing but the chest and the keys of readers who gain or lose access, answered with the
 * metadata and chest. The web app no longer sends the latter (it keeps the old key); API clients may.
 */
export async function updateSecret(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: SecretInput,
): Promise<Secret | SecretListItem> {
  const { db } = ctx;
  if (input.encrypted_data !== undefined) {
    await saveSecret(ctx, caller, id, input);
    return showSecretFor(ctx, caller, id, new Set());
  }
  if (!input.vault_id) throw AppError.validation('Field secret.vault_id is required');
  if (SAVE_ONLY_FIELDS.some((field) => input[field] !== undefined)) {
    throw AppError.validation(MOVE_ONLY_MESSAGE);
  }
  const keys = input.secret_keys_attributes;
  await moveSecret(db, caller, id, {
    vault_id: input.vault_id,
    ...(keys ? { secret_keys_attributes: keys } : {}),
    ...(input.signed_header !== undefined ? { signed_header: input.signed_header } : {}),
  });
  return showSecretMetadataFor(ctx, caller, id);
}
