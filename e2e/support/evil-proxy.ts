import type { BrowserContext, Page, Request, Route } from '@playwright/test';

/*
 * The browser layer of the malicious-server harness (review §5 D.2): the real server answers, and a
 * route in the browser rewrites the answer before the app reads it, as a server that lies would.
 * Give each person their own browser context and tell each the same lie to test a consistent lie.
 */

/** The JSON the real server answered, as parsed; a rewrite answers the JSON to send instead. */
// biome-ignore lint/suspicious/noExplicitAny: an answer of any route; each rewrite knows its own shape
export type Answer = any;

/** Rewrites one answer: the real server's JSON and the request it answers → the JSON the app gets. */
export type Rewrite = (answer: Answer, request: Request) => unknown;

/**
 * Rewrites by `'METHOD /path'`: the path as the app calls it, with or without `.json`, and `*` for
 * one segment (`'GET /api/v1/users/*'`). The query string is not matched.
 */
export type Rewrites = Record<string, Rewrite>;

/** A lie being told: how often each rewrite was applied, and how to stop. */
export interface Lie {
  /** How many answers the rewrite under `key` changed so far: a journey asserts the lie was told. */
  told(key: string): number;
  /** Takes the routes away: the real server's answers reach the app again. */
  stop(): Promise<void>;
}

interface CompiledRewrite {
  key: string;
  method: string;
  path: RegExp;
  rewrite: Rewrite;
}

/**
 * Starts telling a lie in a browser context (every page of one person) or one page: each answer
 * that a key matches is fetched from the real server, parsed, rewritten and fulfilled with the same
 * status and headers. Answers that are not JSON, and every request no key matches, pass untouched.
 */
export async function lie(target: BrowserContext | Page, rewrites: Rewrites): Promise<Lie> {
  const compiled = Object.entries(rewrites).map(([key, rewrite]) => compile(key, rewrite));
  const counts = new Map<string, number>();
  const matches = (url: URL) => compiled.some((entry) => entry.path.test(url.pathname));
  const handler = async (route: Route, request: Request) => {
    const entry = findRewrite(compiled, request);
    if (!entry) return route.fallback();
    const response = await route.fetch();
    const answer = parseJson(await response.text());
    if (answer === undefined) return route.fulfill({ response });
    const told = await entry.rewrite(answer, request);
    counts.set(entry.key, (counts.get(entry.key) ?? 0) + 1);
    return route.fulfill({ response, headers: headersFor(response.headers()), json: told });
  };
  await target.route(matches, handler);
  return {
    told: (key) => counts.get(key) ?? 0,
    stop: () => target.unroute(matches, handler),
  };
}

function compile(key: string, rewrite: Rewrite): CompiledRewrite {
  const [method, path, ...rest] = key.trim().split(/\s+/);
  if (!method || !path?.startsWith('/') || rest.length > 0)
    throw new Error(`A rewrite key is 'METHOD /path', not '${key}'.`);
  const segments = path
    .replace(/\.json$/, '')
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return {
    key,
    method: method.toUpperCase(),
    path: new RegExp(`^${segments.join('/')}(\\.json)?$`),
    rewrite,
  };
}

function findRewrite(compiled: readonly CompiledRewrite[], request: Request): CompiledRewrite | undefined {
  const { pathname } = new URL(request.url());
  return compiled.find((entry) => entry.method === request.method() && entry.path.test(pathname));
}

// The body changed: its length is Playwright's to set, and it is sent as read (decoded).
function headersFor(real: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(real))
    if (name !== 'content-length' && name !== 'content-encoding') headers[name] = value;
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
