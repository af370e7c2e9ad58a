import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { GETS_THAT_CHANGE_STATE } from './head-routes.js';

// HEAD answers as GET without a body (RFC 9110), from the GET route itself, except on the GETs that
// change state, which it never reaches.

/** The headers of an answer, without those that differ from one answer to the next. */
function stableHeaders(answer: LightMyRequestResponse): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, ...rest } = answer.headers;
  return rest;
}

describe('HEAD', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext({ env: { RATE_LIMIT_MEMBER_PER_USER: '4/1m' } });
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers /healthz as GET does, without a body', async () => {
    const get = await context.app.inject({ method: 'GET', url: '/healthz' });
    const head = await context.app.inject({ method: 'HEAD', url: '/healthz' });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(stableHeaders(head)).toEqual(stableHeaders(get));
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
  });

  it('answers an API GET with its status and headers (security headers and no-store included), signed in or not', async () => {
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    const authorization = { authorization: `Bearer ${token}` };
    const get = await context.app.inject({ method: 'GET', url: '/api/v1/profile', headers: authorization });
    const head = await context.app.inject({
      method: 'HEAD',
      url: '/api/v1/profile.json',
      headers: authorization,
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toBe('no-store');
    expect(head.headers['content-security-policy']).toBeDefined();
    expect(stableHeaders(head)).toEqual(stableHeaders(get));

    const stranger = await context.app.inject({ method: 'HEAD', url: '/api/v1/profile' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.body).toBe('');
    expect(stranger.headers['cache-control']).toBe('no-store');
  });

  it('counts against the same limit as GET', async () => {
    const user = await buildUser(context.db);
    const authorization = { authorization: `Bearer ${await buildSession(context.db, user)}` };
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const head = await context.app.inject({
        method: 'HEAD',
        url: '/api/v1/organisation',
        headers: authorization,
      });
      statuses.push(head.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('never reaches a GET that changes state: 405 with the methods that route allows', async () => {
    const catalogue = context.app.routeCatalogue;
    for (const url of GETS_THAT_CHANGE_STATE) {
      expect(
        catalogue.some((route) => route.method === 'GET' && route.url === url),
        url,
      ).toBe(true);
    }
    const administrator = await buildUser(context.db, { administrator: true, otp_required_for_login: true });
    const target = await buildUser(context.db, { organisation_id: administrator.organisation_id });
    const authorization = { authorization: `Bearer ${await buildSession(context.db, administrator)}` };
    const countCodes = async () =>
      (
        await context.db
          .selectFrom('otp_recovery_codes')
          .select('id')
          .where('user_id', '=', administrator.id)
          .execute()
      ).length;
    const codes = await countCodes();

    const cases: [string, string][] = [
      ['/api/v1/two-factor-backup', 'GET'],
      ['/api/v1/two-factor-code.json', 'GET'],
      [`/api/v1/users/${target.id}/lock`, 'GET, POST'],
      ['/users/confirmation?confirmation_token=anything', 'GET, POST'],
    ];
    for (const [url, allow] of cases) {
      const head = await context.app.inject({ method: 'HEAD', url, headers: authorization });
      expect(head.statusCode, url).toBe(405);
      expect(head.headers.allow, url).toBe(allow);
      expect(head.body, url).toBe('');
    }
    expect(await countCodes()).toBe(codes);
    const locked = await context.db
      .selectFrom('users')
      .select('locked')
      .where('id', '=', target.id)
      .executeTakeFirst();
    expect(Boolean(locked?.locked)).toBe(false);
  });
});
