// The three reads a sync makes (the server's contract, docs/extension-sync.md): the password secrets
// changed since a cursor, with their ciphertext and the caller's own wrapped key; the ids the caller
// can read now (a first sync's list, or a prune when the counts disagree); and the secrets of a page
// of those ids. The token travels in the Authorization header, never in a URL.
import type { Secret } from '@coffer/core';

/** The most changes one page may carry (the server's cap). */
export const CHANGES_PAGE_LIMIT = 500;

/** The most ids one read of secrets may name (the server's cap). */
export const READ_IDS_LIMIT = 500;

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
  /** A `since` taken before this page was read: where the changes go on from after a sync built from these ids. */
  cursor: string;
}

/** The answer of `POST /api/v1/secrets/read.json`. */
export interface ReadPage {
  /** The secrets of the ids asked that the caller can read now, as `GET /api/v1/secrets/:id.json` returns them. */
  items: Secret[];
  /** The ids it does not answer (gone, no longer readable, another category). */
  missing: string[];
}

/** What a sync reads; the extension's is HTTP (createHttpTransport), the tests' a fake. */
export interface SyncTransport {
  changes(since: string | null, limit: number, signal?: AbortSignal): Promise<ChangesPage>;
  /** The readable ids after `after` (null: from the first). */
  ids(after: string | null, signal?: AbortSignal): Promise<IdsPage>;
  /** The password secrets of `ids` (at most READ_IDS_LIMIT). */
  read(ids: readonly string[], signal?: AbortSignal): Promise<ReadPage>;
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

/** Reads the three endpoints over HTTP with the signed-in user's token. */
export function createHttpTransport({ server, token, fetch: fetchFn }: HttpTransportOptions): SyncTransport {
  const base = server.replace(/\/+$/, '');
  const call = async <T>(path: string, signal: AbortSignal | undefined, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const current = token();
    if (current) headers.Authorization = `Bearer ${current}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await (fetchFn ?? globalThis.fetch)(`${base}${path}`, {
      ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
      headers,
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw new SyncReadError(response.status);
    return (await response.json()) as T;
  };
  const get = <T>(path: string, query: Record<string, string>, signal?: AbortSignal) =>
    call<T>(`${path}${queryString(query)}`, signal);
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
    read: (ids, signal) => call<ReadPage>('/api/v1/secrets/read.json', signal, { ids, category: 'password' }),
  };
}

function queryString(query: Record<string, string>): string {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
}
