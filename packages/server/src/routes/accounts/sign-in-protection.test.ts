import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  configurePasswordHashing,
  defaultPasswordHashLimits,
  inPasswordSlot,
  passwordHashStats,
} from '../../auth/password-hash.js';
import { SERVER_BUSY } from '../../errors/rate-limit-messages.js';
import { attemptKey } from '../../security/rate-limits.js';
import { generateTotpCode } from '../../services/accounts/totp.js';
import { postSignIn, readBearer } from '../../test/account-helpers.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const WRONG = Buffer.alloc(32, 9).toString('base64');

let address = 0;
// A new client address per request, so only the per-account limits and the gate are at work.
const nextAddress = () => {
  address += 1;
  return `10.77.${Math.floor(address / 250) % 250}.${address % 250}`;
};

/**
 * Password checks that cannot be turned against the server (issue 14): the per-account count is
 * taken before Argon2id runs, atomically; lock state survives junk; a sign-in costs one Argon2id;
 * beyond the global bound on Argon2id, sign-ins are answered 429 with Retry-After at once.
 */
describe('sign-in under attack', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext({ env: { PASSWORD_HASH_CONCURRENCY: '2' } });
  });
  afterAll(async () => {
    await context.close();
  });
  afterEach(() => {
    configurePasswordHashing({ concurrency: 2 });
  });

  const check = (email: string, password: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/two-factor-check.json',
      payload: { email, password },
      remoteAddress: nextAddress(),
    });
  const signIn = (user: { email: string; password: string; otp_attempt?: string }) =>
    postSignIn(context.app, user, nextAddress());

  it('checks no more passwords than the limit when a burst hits one account', async () => {
    const user = await buildUser(context.db);
    const before = passwordHashStats().argon2Runs;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => signIn({ email: user.email, password: WRONG })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // The default limit: 10 failures per 15 minutes. Before the count came first, all 60 ran.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect(passwordHashStats().argon2Runs - before).toBe(10);
    const locked = await signIn({ email: user.email, password: TEST_AUTH_HASH });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ errors: [TOO_MANY] });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('keeps an account locked whatever junk strangers send', async () => {
    const user = await buildUser(context.db);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn({ email: user.email, password: WRONG })).statusCode).toBe(401);
    }
    // More failures on made-up e-mails than the old in-memory LRU (5,000 keys) could hold.
    const junk = Array.from({ length: 7_000 }, () => attemptKey('signIn', `${randomUUID()}@junk.test`));
    for (let start = 0; start < junk.length; start += 500) {
      await Promise.all(
        junk.slice(start, start + 500).map((key) => context.app.attemptStore.increment(key, 900_000)),
      );
    }
    expect((await signIn({ email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(429);
  }, 60_000);

  it('runs Argon2id once per sign-in: the two-factor check leaves a proof the sign-in takes', async () => {
    const user = await buildUser(context.db);
    const runs = () => passwordHashStats().argon2Runs;
    const start = runs();
    expect((await check(user.email, TEST_AUTH_HASH)).json()).toEqual({ '2faRequired': false, valid: true });
    expect((await signIn({ email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(201);
    expect(runs() - start).toBe(1);
    // The proof is used up by the session it opened: the next sign-in checks the password itself.
    expect((await signIn({ email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(201);
    expect(runs() - start).toBe(2);
    // A proof stands only for the auth hash that left it.
    expect((await check(user.email, TEST_AUTH_HASH)).json().valid).toBe(true);
    expect((await signIn({ email: user.email, password: WRONG })).statusCode).toBe(401);
    expect(runs() - start).toBe(4);
  });

  it('runs Argon2id once when two-step verification asks for a code', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      context.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    await provePassword(context.app, token);
    const { key } = (await call('GET', '/api/v1/two-factor-code.json')).json();
    expect(
      (await call('PUT', '/api/v1/two-factor-active.json', { code: generateTotpCode(key) })).statusCode,
    ).toBe(200);
    const start = passwordHashStats().argon2Runs;
    expect((await check(user.email, TEST_AUTH_HASH)).json()).toEqual({ '2faRequired': true, valid: true });
    const wrongCode = await signIn({ email: user.email, password: TEST_AUTH_HASH, otp_attempt: '000000' });
    expect(wrongCode.statusCode).toBe(401);
    const signedIn = await signIn({
      email: user.email,
      password: TEST_AUTH_HASH,
      otp_attempt: generateTotpCode(key, Date.now() + 30_000),
    });
    expect(signedIn.statusCode).toBe(201);
    expect(readBearer(signedIn)).not.toBe('');
    expect(passwordHashStats().argon2Runs - start).toBe(1);
  });

  it('spends no Argon2id on unknown e-mails once a verification has been timed', async () => {
    await signIn({ email: `nobody-${randomUUID()}@example.test`, password: WRONG });
    const before = passwordHashStats();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await signIn({ email: `nobody-${randomUUID()}@example.test`, password: WRONG });
      expect(answer.statusCode).toBe(401);
    }
    const after = passwordHashStats();
    expect(after.argon2Runs).toBe(before.argon2Runs);
    // Yet each held a slot of the gate, as a real check does.
    expect(after.admitted - before.admitted).toBe(5);
  });

  it('answers 429 with Retry-After at once beyond the bound on concurrent Argon2id', async () => {
    configurePasswordHashing({ concurrency: 1, queue: 2, maxWaitMs: 10_000 });
    const users = await Promise.all(Array.from({ length: 4 }, () => buildUser(context.db)));
    const emails = [
      ...users.map((user) => user.email),
      ...Array.from({ length: 8 }, () => `flood-${randomBytes(4).toString('hex')}@example.test`),
    ];
    const answers = await Promise.all(emails.map((email) => signIn({ email, password: WRONG })));
    const busy = answers.filter((answer) => answer.statusCode === 429);
    // One running and two waiting at a time: most of the twelve are refused (how many depends on
    // how fast the first ones finish).
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json()).toEqual({ errors: [SERVER_BUSY] });
      expect(answer.headers['retry-after']).toBe('1');
    }
    expect(answers.every((answer) => answer.statusCode === 401 || answer.statusCode === 429)).toBe(true);
    expect(passwordHashStats().peakRunning).toBe(1);
    // The account is counted inside the gate's slot: a refusal by the gate wrote no attempt at all
    // (no row, where counting first and taking back left one), each answered check one failure.
    const rows = await Promise.all(
      emails.map(async (email) => {
        const { rows: found } = await sql<{ count: number | string }>`
          select count from attempt_counters where key = ${attemptKey('signIn', email)}`.execute(context.db);
        return found.map((row) => Number(row.count));
      }),
    );
    answers.forEach((answer, index) => {
      expect(rows[index]).toEqual(answer.statusCode === 429 ? [] : [1]);
    });
    // A refusal by the gate is no failure: the account's attempt is taken back.
    for (const user of users) {
      expect((await signIn({ email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(201);
    }
  });

  it('lets a sign-in that carries a proof through a full gate, and refuses every other without counting it', async () => {
    const user = await buildUser(context.db);
    const other = await buildUser(context.db);
    expect((await check(user.email, TEST_AUTH_HASH)).json()).toEqual({ '2faRequired': false, valid: true });
    configurePasswordHashing({ concurrency: 1, queue: 0 });
    let release = () => {};
    const held = inPasswordSlot(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const refused = [
        await signIn({ email: other.email, password: TEST_AUTH_HASH }),
        await signIn({ email: `nobody-${randomUUID()}@example.test`, password: WRONG }),
        await signIn({ email: user.email, password: WRONG }),
        await check(other.email, TEST_AUTH_HASH),
      ];
      for (const answer of refused) {
        expect(answer.statusCode).toBe(429);
        expect(answer.json()).toEqual({ errors: [SERVER_BUSY] });
      }
      // The proof's e-mail is matched as the account's is, whatever its case.
      const byProof = await signIn({ email: user.email.toUpperCase(), password: TEST_AUTH_HASH });
      expect(byProof.statusCode).toBe(201);
    } finally {
      release();
      await held;
    }
    // Refused by the gate before anything was counted, and the proof's attempt taken back with its
    // success: neither account has a failure on record.
    const { rows } = await sql<{ key: string }>`
      select key from attempt_counters where count > 0 and key in (${attemptKey('signIn', other.email)},
        ${attemptKey('twoFactorCheck', other.email)}, ${attemptKey('signIn', user.email)})`.execute(
      context.db,
    );
    expect(rows).toEqual([]);
    // The proof was used up by the session it opened: the next sign-in checks the password itself.
    const runs = passwordHashStats().argon2Runs;
    expect((await signIn({ email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(201);
    expect(passwordHashStats().argon2Runs - runs).toBe(1);
  });

  it('sizes the bound from the cores: half of them, at least one, with a short queue', () => {
    expect(defaultPasswordHashLimits(1)).toEqual({ concurrency: 1, queue: 16, maxWaitMs: 1_000 });
    expect(defaultPasswordHashLimits(2)).toEqual({ concurrency: 1, queue: 16, maxWaitMs: 1_000 });
    expect(defaultPasswordHashLimits(8)).toEqual({ concurrency: 4, queue: 64, maxWaitMs: 1_000 });
  });
});
