import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { isApiPath } from './api-paths.js';

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/**
 * The Content-Security-Policy: our own origin only, plus Stripe's when BILLING=stripe and the
 * Pwned Passwords range API unless HIBP_RANGE_URL=off. Scripts may
 * compile WebAssembly (`'wasm-unsafe-eval'`: WebAssembly only, no `eval` and no inline script) because
 * an import derives Argon2 keys in the browser (KeePass KDBX 4, Argon2id-protected Bitwarden exports).
 */
export function buildCspDirectives(
  config: Pick<Config, 'billing' | 'pwnedRangeUrl'>,
): Record<string, string[]> {
  const stripe = config.billing === 'stripe';
  // The password health check's range API (HIBP_RANGE_URL), by its path: only while it is on.
  const pwned = config.pwnedRangeUrl ? [config.pwnedRangeUrl] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(stripe ? [STRIPE_SCRIPT] : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(stripe ? [STRIPE_API] : []), ...pwned],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(stripe ? { 'frame-src': STRIPE_FRAMES } : {}),
  };
}

/** helmet's settings: the CSP above, no-referrer, nosniff, DENY, and HSTS only behind https. */
export function buildHelmetOptions(config: Pick<Config, 'billing' | 'publicUrl' | 'pwnedRangeUrl'>) {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: buildCspDirectives(config) },
    // HSTS over plain http would be ignored by browsers and lock out a later http-only setup.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' as const },
    xContentTypeOptions: true,
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' as const },
  } as const;
}

/**
 * Security headers on every response (helmet), and no caching of API answers. helmet's middleware
 * is built once: the @fastify/helmet plugin built it again on every request (2-3 % of a list
 * request's time), re-reading the CSP each time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const writeSecurityHeaders = createSecurityHeaderWriter(config);
  app.addHook('onRequest', (request, reply, done) => {
    writeSecurityHeaders(request.raw, reply.raw);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Sets the same headers on a raw response. */
export type SecurityHeaderWriter = (request: IncomingMessage, response: ServerResponse) => void;

type HelmetMiddleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The same headers for answers Fastify makes before any hook runs (an undecodable URL, an
 * over-long path parameter): helmet itself, as @fastify/helmet resolves it, with the same settings.
 */
export function createSecurityHeaderWriter(
  config: Pick<Config, 'billing' | 'publicUrl' | 'pwnedRangeUrl'>,
): SecurityHeaderWriter {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmetFactory = fromPlugin('helmet') as (options: object) => HelmetMiddleware;
  const middleware = helmetFactory(buildHelmetOptions(config));
  // helmet's headers depend on the settings only (no CSP directive is a function), so they are
  // worked out once and set on each answer: running its dozen middlewares per request cost 1-2 % of
  // a list request (docs/benchmarks.md, secrets-list).
  const { set, removed } = recordHeaders(middleware);
  return (_request, response) => {
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
  };
}

/** What helmet sets and removes on a response, run once on a stand-in that records it. */
function recordHeaders(middleware: HelmetMiddleware): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a value that is not text`);
      removed.delete(name.toLowerCase());
      set.set(name.toLowerCase(), value);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set: [...set], removed: [...removed] };
}
