import { vi } from 'vitest';

/** A fake server answer. */
export interface FakeAnswer {
  status?: number;
  /** Serialised as JSON unless it is a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A recorded call: method, path (with query) and the init as given. */
export interface FetchCall {
  method: string;
  path: string;
  init: RequestInit;
}

type Handler = FakeAnswer | ((call: FetchCall) => FakeAnswer | Promise<FakeAnswer>);

/**
 * Replaces fetch with a table of `'METHOD /path'` → answer (the query string is ignored for
 * matching). Unknown calls answer 404. Answers the recorded calls.
 */
export function mockFetch(table: Record<string, Handler> = {}): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init.method ?? 'GET', path: `${url.pathname}${url.search}`, init };
    calls.push(call);
    const handler = table[`${call.method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? await handler(call) : (handler ?? { status: 404 });
    return toResponse(answer);
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

/** Makes fetch fail as a dropped network connection does. */
export function mockNetworkFailure(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

function toResponse({ status = 200, body, headers = {} }: FakeAnswer): Response {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const withBody = status !== 204 && status !== 304;
  return new Response(withBody ? text : null, { status, headers });
}
