import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { findUserByEmail } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  postRegistration,
  postSignIn,
  readMailedToken,
  registrationFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const RESENT =
  'If your email address exists in our database, you will receive an email with instructions for how to confirm your email address in a few minutes.';

describe('e-mail confirmation', () => {
  let context: TestContext;
  let keys: TestAccountKeys;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
  });
  afterAll(async () => {
    await context.close();
  });

  const confirm = (token: string) =>
    context.app.inject({
      method: 'GET',
      url: `/users/confirmation.json?confirmation_token=${encodeURIComponent(token)}`,
    });
  const resend = (email: string, remoteAddress?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/users/confirmation.json',
      payload: { user: { email } },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('refuses sign-in before confirmation, confirms once, then lets the owner in', async () => {
    const email = 'confirm-me@example.test';
    expect(
      (await postRegistration(context.app, registrationFields(keys, { 'user[email]': email }))).statusCode,
    ).toBe(201);

    const early = await postSignIn(context.app, { email, password: keys.authHash });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({
      errors: ['You have to confirm your email address before continuing.'],
      error: 'You have to confirm your email address before continuing.',
    });

    const token = await readMailedToken(context.config.dataDir, email, 'confirmation_token');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your email address has been successfully confirmed.',
      email,
    });
    expect((await findUserByEmail(context.db, email))?.confirmed_at).not.toBeNull();

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['Confirmation token is invalid'] });

    expect((await postSignIn(context.app, { email, password: keys.authHash })).statusCode).toBe(201);
  });

  it('refuses unknown, malformed and missing tokens', async () => {
    for (const url of [
      '/users/confirmation.json?confirmation_token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/users/confirmation.json?confirmation_token=x',
      '/users/confirmation.json',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: ['Confirmation token is invalid'] });
    }
  });

  it('resends a new link that replaces the old one, answering the same for unknown addresses', async () => {
    const email = 'resend-me@example.test';
    await postRegistration(context.app, registrationFields(keys, { 'user[email]': email }));
    const first = await readMailedToken(context.config.dataDir, email, 'confirmation_token');

    const resent = await resend(email.toUpperCase());
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: RESENT });
    const second = await readMailedToken(context.config.dataDir, email, 'confirmation_token');
    expect(second).not.toBe(first);

    const unknown = await resend('nobody@example.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESENT });
    expect((await readOutbox(context.config.dataDir)).some((mail) => mail.to.includes('nobody@'))).toBe(
      false,
    );

    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('sends nothing for an account that is already confirmed', async () => {
    const user = await buildUser(context.db);
    const before = (await readOutbox(context.config.dataDir)).length;
    expect((await resend(user.email)).json()).toEqual({ message: RESENT });
    expect(await readOutbox(context.config.dataDir)).toHaveLength(before);
  });
});

describe('confirmation resend limits', () => {
  it('limits resends per address', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_CONFIRMATION_RESEND_PER_ACCOUNT: '2/15m' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/users/confirmation',
          payload: { user: { email: 'someone@example.test' } },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
