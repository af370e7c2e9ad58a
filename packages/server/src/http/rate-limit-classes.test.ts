import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { TOO_MANY_ATTEMPTS, tryAgainIn } from '../errors/rate-limit-messages.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { buildRouteLimits } from './rate-limit-classes.js';

const MINUTE = 60_000;

describe('rate-limit classes', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext({
      env: { RATE_LIMIT_MEMBER_PER_USER: '2/1m', RATE_LIMIT_PASSWORD_CHECK_PER_IP: '3/15m' },
    });
  });
  afterAll(async () => {
    await context.close();
  });

  async function signedIn() {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    return { authorization: `Bearer ${token}` };
  }

  it('limits a signed-in route that names no class by the default class, per user', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const profile = (headers: Record<string, string>) =>
      context.app.inject({ method: 'GET', url: '/api/v1/profile', headers });

    const allowed = await profile(first);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await profile(first)).statusCode).toBe(200);
    const refused = await profile(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [tryAgainIn('1 minute')] });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user of the same address has counters of their own.
    expect((await profile(second)).statusCode).toBe(200);
  });

  it('does not count requests without a session', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await context.app.inject({ method: 'GET', url: '/api/v1/profile' });
      expect(answer.statusCode).toBe(401);
    }
  });

  it("gives a route that names a class that class's limit instead of the default", async () => {
    const headers = await signedIn();
    const verify = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/users/verify_password',
        headers,
        payload: { password: TEST_AUTH_HASH },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await verify()).statusCode).toBe(200);
    const refused = await verify();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [TOO_MANY_ATTEMPTS] });
  });

  it('leaves public routes that name no class unlimited', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await context.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }
  });

  it('keeps the numbers of the account actions and sizes the default far above a person', () => {
    const limits = buildRouteLimits(loadConfig({}));
    const numbers = Object.fromEntries(
      Object.entries(limits).map(([name, limit]) => [name, { max: limit.max, timeWindow: limit.timeWindow }]),
    );
    expect(numbers).toEqual({
      prelogin: { max: 100, timeWindow: 15 * MINUTE },
      signIn: { max: 100, timeWindow: 15 * MINUTE },
      twoFactorCheck: { max: 100, timeWindow: 15 * MINUTE },
      passwordCheck: { max: 100, timeWindow: 15 * MINUTE },
      registration: { max: 20, timeWindow: 60 * MINUTE },
      invitationResend: { max: 60, timeWindow: 15 * MINUTE },
      confirmationResend: { max: 20, timeWindow: 15 * MINUTE },
      emailChange: { max: 20, timeWindow: 15 * MINUTE },
      userConfirmationResend: { max: 30, timeWindow: 15 * MINUTE },
      member: { max: 3000, timeWindow: MINUTE },
    });
  });
});
