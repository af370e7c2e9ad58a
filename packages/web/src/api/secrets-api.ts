import type {
  Secret,
  SecretCategory,
  SecretChanges,
  SecretCreate,
  SecretIdPage,
  SecretListItem,
  SecretReadPage,
  SecretUpdate,
  UnsignedSecretPage,
} from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import { requestOrThrow, requestRaw } from './api-client.js';
import { ApiError, BulkItemError } from './api-error.js';
import { readErrorMessage } from './error-message.js';
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

/**
 * Creates 1 to 50 secrets in one transaction (`POST /api/v1/secrets/bulk.json`), answered in order.
 * Nothing is written when one is refused: that throws a BulkItemError naming the item; any other
 * failure an ApiError.
 */
export async function createSecrets(secrets: SecretCreate[]): Promise<Secret[]> {
  const answer = await requestRaw<{ items: Secret[]; index?: unknown }>('/api/v1/secrets/bulk.json', {
    method: 'POST',
    body: { secrets },
  });
  const json = typeof answer.json === 'object' ? answer.json : null;
  if (answer.status === 201 && json) return json.items;
  const message = readErrorMessage(answer.json);
  const index = json?.index;
  if (typeof index === 'number') throw new BulkItemError(answer.status, message, index);
  throw new ApiError(answer.status, message);
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

/**
 * Marks a secret for deletion (`marked`) or restores it by a signed revision: the next revision,
 * sealed and wrapped as a save is, whose header states `deleted` (crypto-client/mark-secret.ts).
 */
export function changeSecretMark(id: string, marked: boolean, secret: SecretUpdate): Promise<unknown> {
  const path = secretPath(id, marked ? 'mark_for_deletion' : 'unmark_for_deletion');
  return requestOrThrow(path, { method: 'POST', body: { secret } });
}

/** Deletes a secret permanently (the owner only; irrecoverable). */
export function deleteSecretPermanently(id: string): Promise<unknown> {
  return requestOrThrow(secretPath(id), { method: 'DELETE' });
}

/** What `fetchSecretChanges` asks for: after `since` (a cursor it answered; none: from the beginning). */
export interface SecretChangesRequest {
  since?: string;
  /** 1 to 500; the server's default is 500. */
  limit?: number;
  /** One category only (the extension fills passwords). */
  category?: SecretCategory;
}

/**
 * The browser extension's sync (issue 29): the secrets that changed for the caller since `since`,
 * each with its ciphertext and the caller's wrapped key, and the ids to drop. Call again with the
 * answer's `cursor` while `more`; keep the last cursor for the next sync. A 400 means the cursor
 * is no good (another account's, or garbled): sync again without one.
 */
export function fetchSecretChanges(
  { since, limit, category }: SecretChangesRequest = {},
  signal?: AbortSignal,
): Promise<SecretChanges> {
  return requestOrThrow<SecretChanges>('/api/v1/secrets/changes.json', {
    query: { since, limit, category },
    ...(signal ? { signal } : {}),
  });
}

/** An administrator's page of the live secrets without a signed header (ids; `after` the last id before). */
export function fetchUnsignedSecretIds(
  { after, limit }: { after?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<UnsignedSecretPage> {
  return requestOrThrow<UnsignedSecretPage>('/api/v1/secrets/unsigned.json', {
    query: { after, limit },
    ...(signal ? { signal } : {}),
  });
}

/** These secrets as the single read answers each (ciphertext and own key); the rest in `missing`. */
export function readSecretsByIds(ids: readonly string[], signal?: AbortSignal): Promise<SecretReadPage> {
  return requestOrThrow<SecretReadPage>('/api/v1/secrets/read.json', {
    method: 'POST',
    body: { ids },
    ...(signal ? { signal } : {}),
  });
}

/**
 * Every secret the caller can read, by id with its revision, a page at a time (`after`: the last
 * id of the page before): for a sync whose own count disagrees with the answer's `readable`.
 */
export function fetchReadableSecretIds(
  { after, limit, category }: { after?: string; limit?: number; category?: SecretCategory } = {},
  signal?: AbortSignal,
): Promise<SecretIdPage> {
  return requestOrThrow<SecretIdPage>('/api/v1/secrets/ids.json', {
    query: { after, limit, category },
    ...(signal ? { signal } : {}),
  });
}
