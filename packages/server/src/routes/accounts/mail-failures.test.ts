import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPendingEmailChange } from '../../repositories/email-change-repository.js';
import { findUserByEmail } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  newUserFields,
  postRegistration,
  postSignIn,
  registrationFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildSession, buildTeam, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { decodedBody, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const RESENT =
  'If your email address exists in our database, you will receive an email with instructions for how to confirm your email address in a few minutes.';
const NO_PENDING_CHANGE = 'There is no email change waiting for confirmation.';
const newHash = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const sealed = {
  encrypted_private_key: Buffer.alloc(1800, 6).toString('base64'),
  private_key_iv: 'aXYtMTIzNDU2Nzg5',
};

/**
 * Mail that fails loudly (issue 26): when the relay refuses a mail the user is told about right
 * after they act, the change is kept and the answer says `mail_sent: false`; otherwise `true`.
 */
describe('mail that fails loudly', () => {
  let context: TestContext;
  let sink: SmtpSink;
  let keys: TestAccountKeys;

  beforeAll(async () => {
    sink = await startSmtpSink();
    [context, keys] = await Promise.all([
      createTestContext({ env: { SMTP_URL: sink.url } }),
      getTestAccountKeys(),
    ]);
  });
  afterAll(async () => {
    await context.close();
    await sink.close();
  });

  const fresh = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const mailsTo = (address: string) => sink.received.filter((raw) => raw.includes(`To: ${address}`));
  async function refusing<T>(call: () => Promise<T>): Promise<T> {
    sink.refuse(true);
    try {
      return await call();
    } finally {
      sink.refuse(false);
    }
  }
  const as = (token: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  it('adding a user keeps the user and says the confirmation mail did not leave', async () => {
    const admin = await buildUser(context.db, { administrator: true });
    await buildTeam(context.db, admin.organisation_id, { name: 'Everyone', default_for_new_users: true });
    const token = await buildSession(context.db, admin);
    const add = (email: string) =>
      as(token, 'POST', '/api/v1/users.json', { user: newUserFields(keys, email) });

    const lost = fresh('hank');
    const refused = await refusing(() => add(lost));
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ email: lost, confirmed_at: null, mail_sent: false });
    expect(await findUserByEmail(context.db, lost)).not.toBeNull();
    expect(mailsTo(lost)).toEqual([]);

    const sent = fresh('hank');
    const accepted = await add(sent);
    expect(accepted.json()).toMatchObject({ email: sent, mail_sent: true });
    expect(mailsTo(sent)).toHaveLength(1);
  });

  it('registration keeps the account and says so; a known address answers alike', async () => {
    const email = fresh('ada');
    const register = (address: string) =>
      postRegistration(context.app, registrationFields(keys, { 'user[email]': address }));
    const refused = await refusing(() => register(email));
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({ email, confirmed_at: null, mail_sent: false });
    expect(await findUserByEmail(context.db, email)).not.toBeNull();

    // The address now has an account: the owner's notice stands in for the link, with the same answer.
    const again = await refusing(() => register(email));
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(refused.json()).sort());
    expect(again.json()).toMatchObject({ email, mail_sent: false });
    expect((await register(email)).json()).toMatchObject({ mail_sent: true });
  });

  it('the public resend answers the same whether the address exists or its mail left', async () => {
    const pending = await buildUser(context.db, { confirmed_at: null });
    const resend = (address: string) =>
      context.app.inject({
        method: 'POST',
        url: '/users/confirmation.json',
        payload: { user: { email: address } },
      });
    const answers = [
      await refusing(() => resend(pending.email)),
      await refusing(() => resend(fresh('nobody'))),
      await resend(pending.email),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: RESENT });
    }
    expect(mailsTo(pending.email)).toHaveLength(1);
  });

  it('a password change is kept and says the notice did not leave', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const change = (password: string, current: string) =>
      as(token, 'PATCH', '/users.json', { user: { password, current_password: current, ...sealed } });

    const refused = await refusing(() => change(newHash(3), TEST_AUTH_HASH));
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ email: user.email, mail_sent: false });
    expect((await postSignIn(context.app, { email: user.email, password: newHash(3) })).statusCode).toBe(201);

    const accepted = await change(newHash(4), newHash(3));
    expect(accepted.json()).toMatchObject({ mail_sent: true });
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('an e-mail change stays pending when its link did not leave, and the resend mails a working link', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const next = fresh('next');
    const refused = await refusing(() =>
      as(token, 'PATCH', '/users.json', {
        user: { email: next, password: newHash(5), current_password: TEST_AUTH_HASH, ...sealed },
      }),
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ email: user.email, pending_email: next, mail_sent: false });
    expect(mailsTo(next)).toEqual([]);
    const before = await findPendingEmailChange(context.db, user);

    const resent = await as(token, 'POST', '/users/email_change/resend.json');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ mail_sent: true });
    const [mail] = mailsTo(next);
    const link = /email_change_token=([\w-]+)/.exec(decodedBody(mail ?? ''))?.[1];
    expect((await findPendingEmailChange(context.db, user))?.token_hash).not.toBe(before?.token_hash);
    const confirmed = await context.app.inject({
      method: 'POST',
      url: '/users/email_change/confirmation.json',
      payload: { email_change_token: link },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: next });
  });

  it('the e-mail change resend says when it failed, and refuses when no change waits', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const none = await as(token, 'POST', '/users/email_change/resend.json');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errors: [NO_PENDING_CHANGE] });

    await as(token, 'PATCH', '/users.json', {
      user: { email: fresh('later'), password: newHash(6), current_password: TEST_AUTH_HASH, ...sealed },
    });
    const refused = await refusing(() => as(token, 'POST', '/users/email_change/resend.json'));
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ mail_sent: false });
  });
});
