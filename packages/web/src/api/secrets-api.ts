import type { Secret, SecretCreate, SecretListItem, SecretUpdate } from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import { requestOrThrow } from './api-client.js';
import type { PagePosition } from './paging.js';

/**
 * A secret row of the lists: metadata only (the payload never travels in lists). `deleted_at` is
 * when it was marked for deletion, in the deleted lists.
 */
export type SecretRow = SecretListItem & { deleted_at?: string | null };

/** One page of `GET /api/v1/secrets.json`; `next_cursor` is set while more rows follow. */
export interface SecretPage {
  items: SecretRow[];
  total: number;
  next_cursor?: string | null;
}

/** Filters of the secret lists; the page position comes from `position`. */
export interface SecretListFilter {
  filter?: string;
  vaultId?: string;
  /** Lists only secrets marked for deletion. */
  deleted?: boolean;
  /** Administrators: secrets of every chest, not only their teams'. */
  everything?: boolean;
  /** '<key> asc|desc'; keys: name, strength, category, vault_name, updated_at (deleted: deleted_at). */
  order?: string;
  /** Related objects; 'vault' by default, 'teams' adds the teams that can read each secret. */
  options?: readonly string[];
}

const SECRETS = '/api/v1/secrets.json';
const secretPath = (id: string, action = '') =>
  `/api/v1/secrets/${encodeURIComponent(id)}${action ? `/${action}` : ''}.json`;

/** Lists secrets by 20, newest filter first (spec section 7: filter, limit, offset, options [vault]). */
export function listSecrets(
  { filter, vaultId, deleted, everything, order, options = ['vault'] }: SecretListFilter,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<SecretPage> {
  return requestOrThrow<SecretPage>(SECRETS, {
    query: {
      limit: PAGE_SIZE,
      ...position,
      filter: filter || undefined,
      order,
      vault_id: vaultId,
      deleted: deleted ? true : undefined,
      everything: everything && !vaultId ? true : undefined,
      options,
    },
    ...(signal ? { signal } : {}),
  });
}

/** Fetches one secret with its ciphertext and the caller's wrapped key (404 `Not found` when none). */
export function fetchSecret(id: string, signal?: AbortSignal): Promise<Secret> {
  return requestOrThrow<Secret>(secretPath(id), signal ? { signal } : {});
}

/** Creates a secret (`id` and revision 1 made by the client). */
export function createSecret(secret: SecretCreate): Promise<Secret> {
  return requestOrThrow<Secret>(SECRETS, { method: 'POST', body: { secret } });
}

/** Saves a secret; `revision` must be the stored one + 1, else 409. */
export function updateSecret(id: string, secret: SecretUpdate): Promise<Secret> {
  return requestOrThrow<Secret>(secretPath(id), { method: 'PUT', body: { secret } });
}

/** Soft delete: the secret moves to Deleted Secrets (spec section 4). */
export function markSecretForDeletion(id: string): Promise<unknown> {
  return requestOrThrow(secretPath(id, 'mark_for_deletion'), { method: 'POST' });
}

/** Restores a secret marked for deletion. */
export function unmarkSecretForDeletion(id: string): Promise<unknown> {
  return requestOrThrow(secretPath(id, 'unmark_for_deletion'), { method: 'POST' });
}

/** Deletes a secret permanently (the owner only; irrecoverable). */
export function deleteSecretPermanently(id: string): Promise<unknown> {
  return requestOrThrow(secretPath(id), { method: 'DELETE' });
}
