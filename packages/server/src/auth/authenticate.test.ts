import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touchSession } from '../repositories/session-repository.js';
import { buildSession, buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { ACCOUNT_LOCKED, SESSION_EXPIRED, SIGN_IN_REQUIRED } from './auth-messages.js';
import { readToken } from './authenticate.js';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('authenticate', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
    await context.app.register(async (api) => {
      api.addHook('onRequest', api.authenticate);
      api.get('/api/v1/test/whoami', async (request) => ({
        user_id: request.caller.user.id,
        organisation_id: request.caller.organisation.id,
        session_id: request.caller.session.id,
      }));
    });
    context.app.get('/api/v1/test/per-route', { onRequest: context.app.authenticate }, async (request) => ({
      user_id: request.caller.user.id,
    }));
    context.app.get('/api/v1/test/public', async (request) => {
      try {
        return { id: request.caller.user.id };
      } catch {
        return { anonymous: true };
      }
    });
  });
  afterAll(async () => {
    await context.close();
  });

  function whoami(authorization?: string) {
    return context.app.inject({
      method: 'GET',
      url: '/api/v1/test/whoami.json',
      headers: authorization ? { authorization } : {},
    });
  }

  async function expectRefused(authorization: string | undefined, message: string) {
    const response = await whoami(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [message], error: message });
  }

  it('lets a live session through and tells the route who is calling', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    for (const header of [`Bearer ${token}`, token]) {
      const response = await whoami(header);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user_id: user.id, organisation_id: user.organisation_id });
    }
  });

  it('works per route as well as per scope', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const url = '/api/v1/test/per-route';
    const allowed = await context.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.json()).toEqual({ user_id: user.id });
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a missing, malformed or unknown token', async () => {
    await expectRefused(undefined, SIGN_IN_REQUIRED);
    await expectRefused('Bearer', SIGN_IN_REQUIRED);
    await expectRefused('Bearer not a token!', SIGN_IN_REQUIRED);
    await expectRefused('Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', SIGN_IN_REQUIRED);
  });

  it('refuses a revoked session', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user, { revoked_at: minutesAgo(1) });
    await expectRefused(`Bearer ${token}`, SIGN_IN_REQUIRED);
  });

  it('refuses a session past its absolute expiry with the spec text', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user, { expires_at: minutesAgo(1) });
    await expectRefused(`Bearer ${token}`, SESSION_EXPIRED);
    expect(SESSION_EXPIRED).toBe('Signature has expired');
  });

  it('refuses a session idle for longer than the organisation allows', async () => {
    const user = await buildUser(context.db);
    await context.db
      .updateTable('organisations')
      .set({ inactivity_length: 5 })
      .where('id', '=', user.organisation_id)
      .execute();
    const idle = await buildSession(context.db, user, { last_seen_at: minutesAgo(6) });
    await expectRefused(`Bearer ${idle}`, SESSION_EXPIRED);
    const recent = await buildSession(context.db, user, { last_seen_at: minutesAgo(4) });
    expect((await whoami(`Bearer ${recent}`)).statusCode).toBe(200);
  });

  it('never idles out when the organisation says -1', async () => {
    const user = await buildUser(context.db);
    await context.db
      .updateTable('organisations')
      .set({ inactivity_length: -1 })
      .where('id', '=', user.organisation_id)
      .execute();
    const token = await buildSession(context.db, user, { last_seen_at: minutesAgo(600) });
    expect((await whoami(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('refuses a locked user and ends the session', async () => {
    const user = await buildUser(context.db, { locked: true });
    const token = await buildSession(context.db, user);
    await expectRefused(`Bearer ${token}`, ACCOUNT_LOCKED);
    const session = await context.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
    expect(session.revoked_reason).toBe('locked');
    await context.db.updateTable('users').set({ locked: false }).where('id', '=', user.id).execute();
    await expectRefused(`Bearer ${token}`, SIGN_IN_REQUIRED);
  });

  it('records activity at most once a minute', async () => {
    const user = await buildUser(context.db);
    const stale = minutesAgo(2);
    const token = await buildSession(context.db, user, { last_seen_at: stale });
    await whoami(`Bearer ${token}`);
    const lastSeen = async () =>
      (
        await context.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const touched = await lastSeen();
    expect(touched > stale).toBe(true);
    await whoami(`Bearer ${token}`);
    expect(await lastSeen()).toBe(touched);
  });

  it('writes a due touch once when many requests of the session arrive together', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user, { last_seen_at: minutesAgo(2) });
    const readSession = () =>
      context.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const stale = await readSession();
    const answers = await Promise.all(Array.from({ length: 20 }, () => whoami(`Bearer ${token}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const touched = await readSession();
    expect(touched.last_seen_at > stale.last_seen_at).toBe(true);
    // Every request in flight read the stale time: once one has touched, theirs change nothing.
    expect(await touchSession(context.db, stale, new Date().toISOString())).toBe(false);
    expect((await readSession()).last_seen_at).toBe(touched.last_seen_at);
    expect(await touchSession(context.db, touched, new Date(Date.now() + 1).toISOString())).toBe(true);
  });

  it('keeps request.caller unreadable on routes that do not authenticate', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/test/public',
      headers: { authorization: token },
    });
    expect(response.json()).toEqual({ anonymous: true });
  });
});

describe('readToken', () => {
  it('accepts Bearer and bare tokens, case-insensitively', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz_-0123456789ABCDE';
    expect(readToken(`Bearer ${token}`)).toBe(token);
    expect(readToken(`bearer   ${token}`)).toBe(token);
    expect(readToken(token)).toBe(token);
    expect(readToken(undefined)).toBeNull();
    expect(readToken('Basic dXNlcjpwYXNz')).toBeNull();
  });
});
