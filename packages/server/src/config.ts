import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TEAM_PLAN_TOTAL_BYTES } from '@coffer/core';
import {
  DEFAULT_MEMBER_RATE_LIMIT,
  DEFAULT_RATE_LIMITS,
  MEMBER_RATE_LIMIT_VARIABLE,
  parseRateLimit,
  RATE_LIMIT_VARIABLE_STEMS,
  type RateLimit,
  type RateLimitedAction,
  type RateLimitSettings,
} from './security/rate-limit-settings.js';

/** Where the server keeps its data and how it talks to the outside world, read once at start. */
export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  billing: BillingMode;
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  /** Signing secret of the Stripe webhook endpoint (whsec_…); without it Stripe webhooks are not served. */
  stripeWebhookSecret: string | null;
  /** Lookup key of the Team Plan's Stripe price (its nickname must be 'CofferPaid'). */
  stripePriceLookupKey: string;
  /** Where the Stripe SDK sends its calls (STRIPE_API_BASE, e.g. a local stand-in); null: api.stripe.com. */
  stripeApiBase: string | null;
  redisUrl: string | null;
  logLevel: LogLevel;
  webDist: string;
  /** The built browser extension's zips (EXTENSION_DIR), served at /downloads (issue 29). */
  extensionDir: string;
  /** Which proxies' X-Forwarded-For the server believes (TRUST_PROXY): none, or the listed ones. */
  trustProxy: TrustProxy;
  /** base64 of 32 bytes; when null the key lives in DATA_DIR/server-secrets.json. */
  serverSecretKey: string | null;
  /** Lowest PBKDF2 iteration count the server accepts for an account (crypto.md). */
  minKdfIterations: number;
  /** Attempt limits of sign-in, two-factor check, password checks, registration, confirmation resend. */
  rateLimits: RateLimitSettings;
  /** Requests per signed-in user on each route that names no other limit (RATE_LIMIT_MEMBER_PER_USER). */
  memberRateLimit: RateLimit;
  /** Argon2id computations at once (PASSWORD_HASH_CONCURRENCY); null: half the cores, at least one. */
  passwordHashConcurrency: number | null;
  /** After SIGTERM, how long /healthz answers 503 while requests are still served (SHUTDOWN_DELAY_SECONDS). */
  shutdownDelayMs: number;
  /** Largest file (plaintext bytes) a secret may carry (ATTACHMENT_MAX_BYTES; core's 10 MB by default). */
  attachmentMaxBytes: number;
  /**
   * Days between reminder mails to a chest's managers while it has secrets to rotate (issue 31;
   * ROTATION_REMINDER_DAYS, 0 by default: no reminders).
   */
  rotationReminderDays: number;
  /** An organisation's files together under BILLING=off (ATTACHMENT_ORG_MAX_BYTES; the Team Plan's 1 GB by default). */
  attachmentOrgMaxBytes: number;
  /**
   * The Pwned Passwords range API the browser asks for breached passwords (HIBP_RANGE_URL, ending in
   * '/': the 5-character prefix is appended); null when `off`. The CSP allows it only when set.
   */
  pwnedRangeUrl: string | null;
}

/** Billing providers the server can run with (architecture.md). */
export type BillingMode = 'local' | 'stripe' | 'off';
/** Pino levels accepted by LOG_LEVEL. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** A configuration value that cannot be used; the message names the variable, never its value. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

/** The production floor of crypto.md: 600,000 PBKDF2-HMAC-SHA256 iterations. */
export const PRODUCTION_MIN_KDF_ITERATIONS = 600_000;

/** Lookup key of the Team Plan's price in Stripe unless STRIPE_PRICE_LOOKUP_KEY says otherwise. */
export const DEFAULT_STRIPE_PRICE_LOOKUP_KEY = 'coffer_team_monthly';

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const BILLING_MODES: readonly BillingMode[] = ['local', 'stripe', 'off'];
// src/config.ts and dist/config.js sit at the same depth, so one relative path serves both.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_EXTENSION_DIR = fileURLToPath(new URL('../../extension/dist', import.meta.url));

type Env = Record<string, string | undefined>;

/** Reads and validates the environment; throws ConfigError on the first bad value. */
export function loadConfig(env: Env = process.env): Config {
  const port = readInteger(env, 'PORT', 8080, 0, 65_535);
  const billing = readChoice(env, 'BILLING', BILLING_MODES, 'local');
  const stripeSecretKey = readOptional(env, 'STRIPE_SECRET_KEY');
  const stripePublishableKey = readOptional(env, 'STRIPE_PUBLISHABLE_KEY');
  if (billing === 'stripe') {
    if (!stripeSecretKey) throw new ConfigError('STRIPE_SECRET_KEY', 'is required when BILLING=stripe');
    if (!stripePublishableKey)
      throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'is required when BILLING=stripe');
  }
  const stripeWebhookSecret = readOptional(env, 'STRIPE_WEBHOOK_SECRET');
  if (stripeWebhookSecret !== null && !stripeWebhookSecret.startsWith('whsec_')) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_…)');
  }
  const stripePriceLookupKey =
    readOptional(env, 'STRIPE_PRICE_LOOKUP_KEY') ?? DEFAULT_STRIPE_PRICE_LOOKUP_KEY;
  if (!/^[\w.:-]{1,200}$/.test(stripePriceLookupKey)) {
    throw new ConfigError('STRIPE_PRICE_LOOKUP_KEY', 'may hold only letters, digits and _ . : -');
  }
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  return {
    nodeEnv,
    port,
    host: readOptional(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(readOptional(env, 'DATA_DIR') ?? './data'),
    databaseUrl: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: readOptional(env, 'MAIL_FROM') ?? 'Coffer <no-reply@localhost>',
    publicUrl: (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    billing,
    stripeSecretKey,
    stripePublishableKey,
    stripeWebhookSecret,
    stripePriceLookupKey,
    stripeApiBase: readUrl(env, 'STRIPE_API_BASE', ['http:', 'https:']),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    webDist: path.resolve(readOptional(env, 'WEB_DIST') ?? DEFAULT_WEB_DIST),
    extensionDir: path.resolve(readOptional(env, 'EXTENSION_DIR') ?? DEFAULT_EXTENSION_DIR),
    trustProxy: readTrustProxy(env),
    serverSecretKey: readKey(env, 'SERVER_SECRET_KEY'),
    minKdfIterations: readMinKdfIterations(env, nodeEnv),
    rateLimits: readRateLimits(env),
    memberRateLimit: readRateLimit(env, MEMBER_RATE_LIMIT_VARIABLE, DEFAULT_MEMBER_RATE_LIMIT),
    passwordHashConcurrency:
      readOptional(env, 'PASSWORD_HASH_CONCURRENCY') === null
        ? null
        : readInteger(env, 'PASSWORD_HASH_CONCURRENCY', 1, 1, 256),
    shutdownDelayMs: readInteger(env, 'SHUTDOWN_DELAY_SECONDS', 0, 0, 300) * 1000,
    // Up to 1 GB per file: chunks are streamed, but a file is one upload the browser holds whole.
    rotationReminderDays: readInteger(env, 'ROTATION_REMINDER_DAYS', 0, 0, 365),
    attachmentMaxBytes: readInteger(env, 'ATTACHMENT_MAX_BYTES', ATTACHMENT_MAX_BYTES, 0, 1024 ** 3),
    attachmentOrgMaxBytes: readInteger(
      env,
      'ATTACHMENT_ORG_MAX_BYTES',
      ATTACHMENT_TEAM_PLAN_TOTAL_BYTES,
      0,
      Number.MAX_SAFE_INTEGER,
    ),
    pwnedRangeUrl: readPwnedRangeUrl(env),
  };
}

/** The public Pwned Passwords range API (k-anonymity: only 5 hex characters of a SHA-1 are sent). */
export const DEFAULT_PWNED_RANGE_URL = 'https://api.pwnedpasswords.com/range/';

// HIBP_RANGE_URL: unset → the public API, `off` → no breach check, else an http(s) URL without a
// query or fragment (the prefix is appended to its path), given a trailing '/' when it lacks one.
function readPwnedRangeUrl(env: Env): string | null {
  const raw = readOptional(env, 'HIBP_RANGE_URL');
  if (raw === null) return DEFAULT_PWNED_RANGE_URL;
  if (raw.toLowerCase() === 'off') return null;
  const checked = readUrl(env, 'HIBP_RANGE_URL', ['http:', 'https:']) as string;
  const url = new URL(checked);
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError('HIBP_RANGE_URL', 'must be a URL without credentials, query or fragment, or off');
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

// Test-only: lets server tests register accounts with cheap key derivation. Ignored outside NODE_ENV=test.
function readMinKdfIterations(env: Env, nodeEnv: string): number {
  if (nodeEnv !== 'test') return PRODUCTION_MIN_KDF_ITERATIONS;
  return readInteger(env, 'COFFER_TEST_MIN_KDF_ITERATIONS', PRODUCTION_MIN_KDF_ITERATIONS, 1, 10_000_000);
}

// RATE_LIMIT_<ACTION>_PER_ACCOUNT / _PER_IP = "10/15m"; tests set small numbers.
function readRateLimits(env: Env): RateLimitSettings {
  const read = (name: string, fallback: RateLimit) => readRateLimit(env, name, fallback);
  const actions = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitedAction[];
  return Object.fromEntries(
    actions.map((action) => {
      const stem = `RATE_LIMIT_${RATE_LIMIT_VARIABLE_STEMS[action]}`;
      const defaults = DEFAULT_RATE_LIMITS[action];
      return [
        action,
        {
          perAccount: read(`${stem}_PER_ACCOUNT`, defaults.perAccount),
          perIp: read(`${stem}_PER_IP`, defaults.perIp),
        },
      ];
    }),
  ) as RateLimitSettings;
}

function readRateLimit(env: Env, name: string, fallback: RateLimit): RateLimit {
  const raw = readOptional(env, name);
  if (raw === null) return fallback;
  const limit = parseRateLimit(raw);
  if (!limit) throw new ConfigError(name, 'must look like 10/15m (attempts per window in s, m or h)');
  return limit;
}

function readOptional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = readOptional(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, 'must be a whole number');
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}`);
  return value;
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = readOptional(env, name);
  if (raw === null) return fallback;
  const value = raw.toLowerCase();
  const match = choices.find((choice) => choice === value);
  if (!match) throw new ConfigError(name, `must be one of: ${choices.join(', ')}`);
  return match;
}

/** The proxies whose X-Forwarded-For is believed: none, or their addresses, ranges and proxy-addr names. */
export type TrustProxy = false | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const TRUST_PROXY_RULE =
  'must be false, or the proxies in front of the server as a comma-separated list of addresses, CIDR ranges or the names loopback, linklocal, uniquelocal (true, which trusted every hop, is refused)';

// `true` trusted every hop, so a client could name any address in X-Forwarded-For and get a fresh
// per-address budget with each request. A hop count fails closed in Fastify (it cannot tell a proxy
// from a client that wrote enough hops), so only named proxies are trusted.
function readTrustProxy(env: Env): TrustProxy {
  const raw = readOptional(env, 'TRUST_PROXY');
  if (raw === null || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  const proxies = raw.split(',').map((part) => part.trim());
  if (!proxies.every((proxy) => PROXY_NAMES.includes(proxy) || isAddressOrRange(proxy))) {
    throw new ConfigError('TRUST_PROXY', TRUST_PROXY_RULE);
  }
  return proxies;
}

function isAddressOrRange(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

// URLs may carry passwords (DATABASE_URL, SMTP_URL, REDIS_URL), so errors never echo them.
function readUrl(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = readOptional(env, name);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function readKey(env: Env, name: string): string | null {
  const raw = readOptional(env, name);
  if (raw === null) return null;
  if (!/^[A-Za-z0-9+/]{43}=$/.test(raw)) throw new ConfigError(name, 'must be 32 bytes in standard base64');
  return raw;
}
