// The two reads a sync makes (h3's server contract, docs/extension-sync.md): the password secrets
// changed since a cursor, with their ciphertext and the caller's own wrapped key, and the ids the
// caller can read now (to prune when the counts disagree). The token travels in the Authorization
// header, never in a URL.
import type { Secret } from '@coffer/core';

/** The most changes one page may carry (the server's cap). */
export const CHANGES_PAGE_LIMIT = 500;

/** One page of `GET /api/v1/secrets/changes.json`. */
export interface ChangesPage {
  /** Changed or added secrets, as `GET /api/v1/secrets/:id.json` returns them. */
  items: Secret[];
  /** Secrets the caller can no longer read (removed, moved out, access lost). */
  removed: string[];
  /** Where the next page (or the next sync) starts. */
  cursor: string;
  more: boolean;
  /** How many password secrets the caller can read now. */
  readable: number;
}

/** One page of `GET /api/v1/secrets/ids.json` (ordered by id; the next page starts `after` the last). */
export interface IdsPage {
  items: { id: string; revision: number }[];
  more: boolean;
}

/** What a sync reads; the extension's is HTTP (createHttpTransport), the tests' a fake. */
export interface SyncTransport {
  changes(since: string | null, limit: number, signal?: AbortSignal): Promise<ChangesPage>;
  /** The readable ids after `after` (null: from the first). */
  ids(after: string | null, signal?: AbortSignal): Promise<IdsPage>;
  /** One secret as `GET /api/v1/secrets/:id.json` returns it; null when the caller cannot read it (404). */
  secret(id: string, signal?: AbortSignal): Promise<Secret | null>;
}

/** Where and as whom the HTTP transport reads. */
export interface HttpTransportOptions {
  /** The server's origin, e.g. `https://coffer.example.com`. */
  server: string;
  /** The session token of the signed-in user (read at each call, so a refreshed one is used). */
  token: () => string | null;
  fetch?: typeof fetch;
}

/** A failed read: the status only (the body may echo the request; it is not kept). */
export class SyncReadError extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}.`);
    this.name = 'SyncReadError';
  }
}

/** Reads the two endpoints over HTTP with the signed-in user's token. */
export function createHttpTransport({ server, token, fetch: fetchFn }: HttpTransportOptions): SyncTransport {
  const base = server.replace(/\/+$/, '');
  const get = async <T>(
    path: string,
    query: Record<string, string>,
    signal?: AbortSignal,
    missing?: T,
  ): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const current = token();
    if (current) headers.Authorization = `Bearer ${current}`;
    const response = await (fetchFn ?? globalThis.fetch)(`${base}${path}${queryString(query)}`, {
      headers,
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
    if (response.status === 404 && missing !== undefined) return missing;
    if (!response.ok) throw new SyncReadError(response.status);
    return (await response.json()) as T;
  };
  return {
    changes: (since, limit, signal) =>
      get<ChangesPage>(
        '/api/v1/secrets/changes.json',
        { ...(since === null ? {} : { since }), limit: String(limit), category: 'password' },
        signal,
      ),
    ids: (after, signal) =>
      get<IdsPage>(
        '/api/v1/secrets/ids.json',
        { category: 'password', ...(after === null ? {} : { after }) },
        signal,
      ),
    secret: (id, signal) =>
      get<Secret | null>(`/api/v1/secrets/${encodeURIComponent(id)}.json`, {}, signal, null),
  };
}

function queryString(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
}
