import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { DEFAULT_RATE_LIMITS, parseRateLimit } from './rate-limit-settings.js';

describe('rate-limit settings', () => {
  it('parses attempts per window', () => {
    expect(parseRateLimit('10/15m')).toEqual({ max: 10, windowMs: 900_000 });
    expect(parseRateLimit(' 3/30s ')).toEqual({ max: 3, windowMs: 30_000 });
    expect(parseRateLimit('100/1h')).toEqual({ max: 100, windowMs: 3_600_000 });
    for (const bad of ['10', '10/15', '0/15m', '10/0m', 'ten/15m', '10/15d', '-1/1m']) {
      expect(parseRateLimit(bad)).toBeNull();
    }
  });

  it('defaults to limits sized for people, overridable per action and scope', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.signIn).toEqual({
      perAccount: { max: 10, windowMs: 900_000 },
      perIp: { max: 100, windowMs: 900_000 },
    });
    const config = loadConfig({
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '2/1m',
      RATE_LIMIT_REGISTRATION_PER_IP: '5/1h',
    });
    expect(config.rateLimits.signIn.perAccount).toEqual({ max: 2, windowMs: 60_000 });
    expect(config.rateLimits.signIn.perIp).toEqual(DEFAULT_RATE_LIMITS.signIn.perIp);
    expect(config.rateLimits.registration.perIp).toEqual({ max: 5, windowMs: 3_600_000 });
  });

  it('stops the server on a malformed value, naming the variable', () => {
    expect(() => loadConfig({ RATE_LIMIT_PASSWORD_CHECK_PER_IP: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_PASSWORD_CHECK_PER_IP: 'lots' })).toThrow(
      'Invalid configuration: RATE_LIMIT_PASSWORD_CHECK_PER_IP must look like 10/15m (attempts per window in s, m or h)',
    );
  });
});
