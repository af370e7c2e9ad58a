import { vi } from 'vitest';

/** A fake server answer. */
export interface FakeAnswer {
  status?: number;
  /** Serialised as JSON unless it is a string, bytes or a stream (sent as they are). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A recorded call: method, path (with query), the init as given, and the route's `:name` segments. */
export interface FetchCall {
  method: string;
  path: string;
  init: RequestInit;
  /** Decoded values of the matched route's `:name` parts (empty for an exact route). */
  params: Record<string, string>;
  /** The URL's host, so a test can tell that nothing went elsewhere than the app's own server. */
  host: string;
}

type Handler = FakeAnswer | ((call: FetchCall) => FakeAnswer | Promise<FakeAnswer>);

/**
 * Replaces fetch with a table of `'METHOD /path'` → answer (the query string is ignored for
 * matching). A route may name a part `:name` (`'GET /api/v1/secrets/:id.json'`), which matches one
 * path segment up to the text that follows it; exact routes win over such patterns. Unknown calls
 * answer 404. Answers the recorded calls.
 */
export function mockFetch(table: Record<string, Handler> = {}): FetchCall[] {
  const calls: FetchCall[] = [];
  const patterns = Object.keys(table)
    .filter((route) => route.includes('/:'))
    .map((route) => ({ route, ...compileRoute(route) }));
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const exact = `${method} ${url.pathname}`;
    let route: string | undefined = exact in table ? exact : undefined;
    let params: Record<string, string> = {};
    for (const pattern of route ? [] : patterns) {
      const found = pattern.match(exact);
      if (!found) continue;
      route = pattern.route;
      params = found;
      break;
    }
    const call = { method, path: `${url.pathname}${url.search}`, init, params, host: url.host };
    calls.push(call);
    const handler = route === undefined ? undefined : table[route];
    const answer = typeof handler === 'function' ? await handler(call) : (handler ?? { status: 404 });
    return toResponse(answer);
  });
  vi.stubGlobal('fetch', fake);
  return calls;
}

// `'GET /api/v1/secrets/:id.json'` → a matcher of `'METHOD /path'` that answers the decoded parts.
function compileRoute(route: string): { match: (exact: string) => Record<string, string> | null } {
  const names: string[] = [];
  const source = route
    .split(/(:[A-Za-z_]\w*)/)
    .map((piece) => {
      if (!piece.startsWith(':')) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(piece.slice(1));
      return '([^/]+?)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return {
    match(exact) {
      const found = pattern.exec(exact);
      if (!found) return null;
      return Object.fromEntries(
        names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
      );
    },
  };
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
  const text =
    body === undefined
      ? null
      : typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream
        ? (body as BodyInit)
        : JSON.stringify(body);
  const withBody = status !== 204 && status !== 304;
  return new Response(withBody ? text : null, { status, headers });
}
