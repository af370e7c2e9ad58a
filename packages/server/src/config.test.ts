import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_PWNED_RANGE_URL,
  DEFAULT_STRIPE_PRICE_LOOKUP_KEY,
  loadConfig,
  PRODUCTION_MIN_KDF_ITERATIONS,
} from './config.js';

describe('loadConfig', () => {
  it('has safe defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Coffer <no-reply@localhost>',
      publicUrl: 'http://localhost:8080',
      billing: 'local',
      redisUrl: null,
      logLevel: 'info',
      trustProxy: false,
      serverSecretKey: null,
      minKdfIterations: PRODUCTION_MIN_KDF_ITERATIONS,
      stripeWebhookSecret: null,
      stripePriceLookupKey: DEFAULT_STRIPE_PRICE_LOOKUP_KEY,
      stripeApiBase: null,
      pwnedRangeUrl: DEFAULT_PWNED_RANGE_URL,
    });
    expect(config.webDist.endsWith(path.join('packages', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://vault.example.com/',
      DATABASE_URL: 'postgres://u:p@db/coffer',
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test',
      STRIPE_PUBLISHABLE_KEY: 'pk_test',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_PRICE_LOOKUP_KEY: 'team_gbp_2026',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.1',
    });
    expect(config.port).toBe(9000);
    expect(config.publicUrl).toBe('https://vault.example.com');
    expect(config.databaseUrl).toBe('postgres://u:p@db/coffer');
    expect(config.billing).toBe('stripe');
    expect(config).toMatchObject({
      stripeSecretKey: 'sk_test',
      stripePublishableKey: 'pk_test',
      stripeWebhookSecret: 'whsec_test',
      stripePriceLookupKey: 'team_gbp_2026',
      stripeApiBase: 'http://127.0.0.1:12111',
    });
    expect(config.logLevel).toBe('warn');
    expect(config.trustProxy).toEqual(['10.0.0.1']);
  });

  it('names the bad variable and never echoes its value', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ BILLING: 'paypal' }, 'BILLING'],
      [{ BILLING: 'stripe' }, 'STRIPE_SECRET_KEY'],
      [{ DATABASE_URL: 'mysql://root:s3cret-pw@db' }, 'DATABASE_URL'],
      [{ SMTP_URL: 'not a url s3cret-pw' }, 'SMTP_URL'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ SERVER_SECRET_KEY: 's3cret-pw' }, 'SERVER_SECRET_KEY'],
      [{ BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_s3cret-pw' }, 'STRIPE_PUBLISHABLE_KEY'],
      [{ STRIPE_WEBHOOK_SECRET: 's3cret-pw' }, 'STRIPE_WEBHOOK_SECRET'],
      [{ STRIPE_PRICE_LOOKUP_KEY: 'team price s3cret-pw' }, 'STRIPE_PRICE_LOOKUP_KEY'],
      [{ STRIPE_API_BASE: 'ftp://s3cret-pw@stripe.test' }, 'STRIPE_API_BASE'],
      [{ TRUST_PROXY: 'every hop s3cret-pw' }, 'TRUST_PROXY'],
      [{ HIBP_RANGE_URL: 'ftp://s3cret-pw@range.test/' }, 'HIBP_RANGE_URL'],
      [{ HIBP_RANGE_URL: 'https://user:s3cret-pw@range.test/' }, 'HIBP_RANGE_URL'],
      [{ HIBP_RANGE_URL: 'https://range.test/?key=s3cret-pw' }, 'HIBP_RANGE_URL'],
      [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
      [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
      [{ TRUST_PROXY: '1' }, 'TRUST_PROXY'],
    ];
    for (const [env, variable] of cases) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error, variable).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
      expect((error as Error).message).not.toContain('s3cret-pw');
    }
  });

  it('reads HIBP_RANGE_URL: the public range API by default, off, or a URL given its trailing slash', () => {
    expect(loadConfig({ HIBP_RANGE_URL: 'off' }).pwnedRangeUrl).toBeNull();
    expect(loadConfig({ HIBP_RANGE_URL: 'OFF' }).pwnedRangeUrl).toBeNull();
    expect(loadConfig({ HIBP_RANGE_URL: 'http://127.0.0.1:9999/range' }).pwnedRangeUrl).toBe(
      'http://127.0.0.1:9999/range/',
    );
    expect(loadConfig({ HIBP_RANGE_URL: 'https://hibp.example/range/' }).pwnedRangeUrl).toBe(
      'https://hibp.example/range/',
    );
  });

  it('reads TRUST_PROXY as the proxies to believe, never as every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('lowers the key-derivation floor only under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', COFFER_TEST_MIN_KDF_ITERATIONS: '1000' }).minKdfIterations).toBe(
      1000,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', COFFER_TEST_MIN_KDF_ITERATIONS: '1000' }).minKdfIterations,
    ).toBe(PRODUCTION_MIN_KDF_ITERATIONS);
    expect(loadConfig({ COFFER_TEST_MIN_KDF_ITERATIONS: '1000' }).minKdfIterations).toBe(
      PRODUCTION_MIN_KDF_ITERATIONS,
    );
  });
});
