import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../auth/session-token.js';
import { readOutbox } from '../../mail/outbox-reader.js';
import { findUserById } from '../../repositories/user-repository.js';
import {
  getTestAccountKeys,
  postSignIn,
  readMailedToken,
  resetPasswordFields,
} from '../../test/account-helpers.js';
import { buildSession, buildUser, TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const newHash = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const iv = Buffer.alloc(12, 5).toString('base64');
const sealed = Buffer.alloc(1800, 6).toString('base64');
const LINK_INVALID = 'This email change link is invalid or has already been used.';
const LINK_EXPIRED = 'This email change link has expired. Ask for the change again in Account Settings.';
const TOKEN = 'email_change_token';

describe('e-mail change confirmed by the new address', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  // The new address's credentials: the auth hash derived with it, the key re-sealed for it.
  const credentials = (fill: number, current = TEST_AUTH_HASH) => ({
    password: newHash(fill),
    current_password: current,
    encrypted_private_key: sealed,
    private_key_iv: iv,
  });
  const fresh = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const mailsTo = async (address: string) =>
    (await readOutbox(context.config.dataDir)).filter((mail) => mail.to.includes(address));
  const confirm = (token: unknown) =>
    context.app.inject({
      method: 'POST',
      url: '/users/email_change/confirmation.json',
      payload: { email_change_token: token },
    });

  async function signedInUser() {
    const user = await buildUser(context.db, { name: 'Grace <Hopper>' });
    const token = await buildSession(context.db, user);
    const as = (bearer: string) => ({
      patch: (payload: object) =>
        context.app.inject({
          method: 'PATCH',
          url: '/users.json',
          headers: { authorization: `Bearer ${bearer}` },
          payload: { user: payload },
        }),
      profile: () =>
        context.app.inject({
          method: 'GET',
          url: '/api/v1/profile',
          headers: { authorization: `Bearer ${bearer}` },
        }),
    });
    return { user, token, ...as(token), as };
  }

  it('changes nothing until the link mailed to the new address is opened, then applies it once', async () => {
    const { user, token, patch, profile, as } = await signedInUser();
    const other = as(await buildSession(context.db, user));
    const next = fresh('next');

    const asked = await patch({ ...credentials(3), email: ` ${next.toUpperCase()} ` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: user.email, pending_email: next });
    expect((await profile()).json()).toMatchObject({ email: user.email, pending_email: next });

    // Nothing changed: the old address and password still sign in, every session still works.
    const stored = await findUserById(context.db, user.organisation_id, user.id);
    expect(stored).toMatchObject({ email: user.email, encrypted_private_key: user.encrypted_private_key });
    expect((await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(
      201,
    );
    expect((await postSignIn(context.app, { email: next, password: newHash(3) })).statusCode).toBe(401);
    expect((await other.profile()).statusCode).toBe(200);

    // The new address gets the link; the old one a notice naming the new address, without any token.
    const [link] = await mailsTo(next);
    expect(link?.subject).toBe('Confirm your new Coffer email address');
    expect(link?.links[0]).toMatch(/^http:\/\/[^/]+\/email_change\?email_change_token=/);
    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toBe('Someone asked to change your Coffer email address');
    expect(notice?.text).toContain(`change its email address to ${next}`);
    expect(notice?.text).toContain('Hello Grace <Hopper>,');
    expect(notice?.links).toEqual([]);

    const linkToken = await readMailedToken(context.config.dataDir, next, TOKEN);
    const stored_hash = await context.db
      .selectFrom('email_changes')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored_hash.token_hash).toBe(hashToken(linkToken));

    const confirmed = await confirm(linkToken);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your email address has been changed. Sign in with your new email address.',
      email: next,
    });
    expect(await findUserById(context.db, user.organisation_id, user.id)).toMatchObject({
      email: next,
      encrypted_private_key: sealed,
      private_key_iv: iv,
    });
    // Every session ends, the requester's too; only the new address and its auth hash sign in.
    expect((await profile()).statusCode).toBe(401);
    expect((await other.profile()).statusCode).toBe(401);
    const revoked = await context.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    expect(revoked?.revoked_reason).toBe('email_changed');
    expect((await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode).toBe(
      401,
    );
    expect((await postSignIn(context.app, { email: next, password: newHash(3) })).statusCode).toBe(201);

    const changedNotice = (await mailsTo(user.email)).at(-1);
    expect(changedNotice?.subject).toBe('Your Coffer email address was changed');
    const audit = await context.db
      .selectFrom('audit_log_entries')
      .select('action')
      .where('organisation_id', '=', user.organisation_id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([`Asked to change email address to ${next}`, 'Changed email address']),
    );

    // Single use.
    expect((await confirm(linkToken)).json()).toEqual({ errors: [LINK_INVALID] });
  });

  it('replaces an earlier request, whose link stops working', async () => {
    const { user, patch, profile } = await signedInUser();
    const first = fresh('first');
    const second = fresh('second');
    expect((await patch({ ...credentials(3), email: first })).statusCode).toBe(200);
    const firstToken = await readMailedToken(context.config.dataDir, first, TOKEN);
    expect((await patch({ ...credentials(4), email: second })).statusCode).toBe(200);
    expect((await profile()).json().pending_email).toBe(second);

    const refused = await confirm(firstToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: [LINK_INVALID] });
    expect((await findUserById(context.db, user.organisation_id, user.id))?.email).toBe(user.email);

    const secondToken = await readMailedToken(context.config.dataDir, second, TOKEN);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await findUserById(context.db, user.organisation_id, user.id))?.email).toBe(second);
  });

  it('refuses an expired link and forgets the change', async () => {
    const { user, patch, profile } = await signedInUser();
    const next = fresh('late');
    await patch({ ...credentials(3), email: next });
    const linkToken = await readMailedToken(context.config.dataDir, next, TOKEN);
    await context.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await profile()).json().pending_email).toBeNull();

    const refused = await confirm(linkToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: [LINK_EXPIRED] });
    expect((await findUserById(context.db, user.organisation_id, user.id))?.email).toBe(user.email);
    expect((await confirm(linkToken)).json()).toEqual({ errors: [LINK_INVALID] });
  });

  it('refuses unknown and malformed tokens with the same message', async () => {
    for (const token of ['x'.repeat(43), 'short', 42, undefined, 'y'.repeat(300)]) {
      const refused = await confirm(token);
      expect(refused.statusCode, String(token)).toBe(400);
      expect(refused.json()).toEqual({ errors: [LINK_INVALID] });
    }
  });

  it('drops the pending change when the password changes (its credentials came from the old one)', async () => {
    const { user, patch, profile } = await signedInUser();
    const next = fresh('dropped');
    await patch({ ...credentials(3), email: next });
    const linkToken = await readMailedToken(context.config.dataDir, next, TOKEN);
    expect((await patch(credentials(4))).statusCode).toBe(200);
    expect((await profile()).json().pending_email).toBeNull();
    expect((await confirm(linkToken)).json()).toEqual({ errors: [LINK_INVALID] });
    expect((await findUserById(context.db, user.organisation_id, user.id))?.email).toBe(user.email);
  });

  it('answers a taken address as a free one, never applies it, and tells its owner', async () => {
    const owner = await buildUser(context.db, { name: 'Ada' });
    const { user, patch } = await signedInUser();
    const free = await (await signedInUser()).patch({ ...credentials(3), email: fresh('free') });
    const taken = await patch({ ...credentials(3), email: owner.email.toUpperCase() });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json().pending_email).toBe(owner.email);

    const [ownerMail, ...more] = await mailsTo(owner.email);
    expect(more).toEqual([]);
    expect(ownerMail?.subject).toBe('Someone tried to use your email address on Coffer');
    expect(ownerMail?.text).toContain('Hello Ada,');
    expect(ownerMail?.links.some((link) => link.includes('token'))).toBe(false);
    expect((await mailsTo(user.email))[0]?.subject).toBe('Someone asked to change your Coffer email address');
    expect((await findUserById(context.db, user.organisation_id, user.id))?.email).toBe(user.email);
  });

  it('refuses to apply an address that was taken after the link was sent', async () => {
    const { user, patch } = await signedInUser();
    const next = fresh('raced');
    await patch({ ...credentials(3), email: next });
    const linkToken = await readMailedToken(context.config.dataDir, next, TOKEN);
    await buildUser(context.db, { email: next });
    const refused = await confirm(linkToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: ['Email has already been taken'] });
    expect((await findUserById(context.db, user.organisation_id, user.id))?.email).toBe(user.email);
  });

  it('refuses the current address and a wrong password, and stores nothing', async () => {
    const { user, patch } = await signedInUser();
    expect((await patch({ ...credentials(3), email: user.email.toUpperCase() })).json()).toEqual({
      errors: ['This is already your email address.'],
    });
    expect((await patch({ ...credentials(3, newHash(9)), email: fresh('wrong') })).json()).toEqual({
      errors: ['Current password is invalid'],
    });
    const rows = await context.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("an administrator's password reset drops the pending change", async () => {
    const admin = await buildUser(context.db, { administrator: true });
    const adminToken = await buildSession(context.db, admin);
    const member = await buildUser(context.db, { organisation_id: admin.organisation_id });
    const memberToken = await buildSession(context.db, member);
    const next = fresh('reset');
    await context.app.inject({
      method: 'PATCH',
      url: '/users.json',
      headers: { authorization: `Bearer ${memberToken}` },
      payload: { user: { ...credentials(3), email: next } },
    });
    const linkToken = await readMailedToken(context.config.dataDir, next, TOKEN);
    await context.db
      .updateTable('sessions')
      .set({ password_verified_at: new Date().toISOString() })
      .where('token_hash', '=', hashToken(adminToken))
      .execute();
    const reset = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${member.id}/reset_password.json`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { user: resetPasswordFields(await getTestAccountKeys()) },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await confirm(linkToken)).json()).toEqual({ errors: [LINK_INVALID] });
  });
});

describe('e-mail change rate limit', () => {
  it('counts every request per account', async () => {
    const context = await createTestContext({ env: { RATE_LIMIT_EMAIL_CHANGE_PER_ACCOUNT: '2/15m' } });
    try {
      const user = await buildUser(context.db);
      const token = await buildSession(context.db, user);
      const ask = (fill: number) =>
        context.app.inject({
          method: 'PATCH',
          url: '/users.json',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            user: {
              password: newHash(fill),
              current_password: TEST_AUTH_HASH,
              encrypted_private_key: sealed,
              private_key_iv: iv,
              email: `limit-${fill}@example.test`,
            },
          },
        });
      expect((await ask(1)).statusCode).toBe(200);
      expect((await ask(2)).statusCode).toBe(200);
      expect((await ask(3)).statusCode).toBe(429);
      // A password change is not an e-mail change: its own limits apply.
      const passwordOnly = await context.app.inject({
        method: 'PATCH',
        url: '/users.json',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          user: {
            password: newHash(4),
            current_password: TEST_AUTH_HASH,
            encrypted_private_key: sealed,
            private_key_iv: iv,
          },
        },
      });
      expect(passwordOnly.statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });
});
