import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChestScenario, type ChestScenario, callApi, newSecretBody } from '../test/chest-scenario.js';
import { buildChest, buildSecret, buildUser } from '../test/factories.js';
import { createLogCapture, createTestContext, type TestContext } from '../test/test-app.js';

// Findings 3, 4 and 8 of the security review (issue 7); HEAD on state-changing GETs is in
// head-routes.test.ts. Each test runs on SQLite and PostgreSQL and failed on both (or on PostgreSQL, where the finding was there only)
// before the fix.

describe('bad input answers 4xx in the error shape, never 5xx', () => {
  let context: TestContext;
  let scenario: ChestScenario;
  const logs = createLogCapture();

  beforeAll(async () => {
    context = await createTestContext({ logStream: logs });
    scenario = await buildChestScenario(context.db);
  });
  afterAll(async () => {
    await context.close();
  });

  const asAdmin = (options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { authorization: `Bearer ${scenario.tokens.administrator}`, ...options.headers },
  });
  const json = (method: InjectOptions['method'], url: string, body: object): InjectOptions => ({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

  it('refuses a NUL byte in ids, names, e-mails and filters, signed in or not (finding 3)', async () => {
    const chest = scenario.chest.id;
    const cases: [string, InjectOptions, string][] = [
      ['chest id', asAdmin({ method: 'GET', url: '/api/v1/vaults/a%00b' }), 'Field id is invalid'],
      ['secret id', asAdmin({ method: 'GET', url: '/api/v1/secrets/%00.json' }), 'Field id is invalid'],
      [
        'chest name',
        asAdmin(json('PUT', `/api/v1/vaults/${chest}`, { vault: { name: 'Mail\u0000' } })),
        'Field vault.name is invalid',
      ],
      [
        'manager id',
        asAdmin(json('POST', `/api/v1/vaults/${chest}/promote`, { user_id: '\u0000' })),
        'Field user_id is invalid',
      ],
      [
        'chest filter',
        asAdmin({ method: 'GET', url: '/api/v1/vaults?filter=a%00' }),
        'Field filter is invalid',
      ],
      [
        'secret list chest',
        asAdmin({ method: 'GET', url: '/api/v1/secrets?vault_id=%00' }),
        'Field vault_id is invalid',
      ],
      [
        'prelogin e-mail',
        json('POST', '/api/v1/prelogin', { email: 'a\u0000@b.c' }),
        'Field email is invalid',
      ],
      [
        'two-factor check',
        json('POST', '/api/v1/two-factor-check', { email: 'a@b.c\u0000', password: 'x' }),
        'Field email is invalid',
      ],
      [
        'sign-in',
        json('POST', '/users/sign_in', { user: { email: '\u0000', password: 'x' } }),
        'Field user.email is invalid',
      ],
      [
        'registration (form)',
        {
          method: 'POST',
          url: '/users',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'user[email]=a%00%40b.c&user[name]=Ada',
        },
        'Field user.email is invalid',
      ],
      [
        'a NUL in a key',
        json('POST', '/api/v1/prelogin', { 'e\u0000mail': 'a@b.c' }),
        'The request contains a character that is not allowed.',
      ],
    ];
    for (const [name, request, message] of cases) {
      const response = await context.app.inject(request);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ errors: [message] });
    }
  });

  it('bounds offset on every list: 2^63 and 1e308 are a 400, the largest allowed an empty page (finding 3)', async () => {
    for (const list of ['/api/v1/vaults', '/api/v1/secrets', '/api/v1/teams']) {
      for (const offset of ['9223372036854775808', '9223372036854775807', '1e308', '2147483648', '-1']) {
        const response = await callApi(
          context.app,
          scenario.tokens.administrator,
          'GET',
          `${list}?offset=${offset}`,
        );
        expect(response.statusCode, `${list} ${offset}`).toBe(400);
        expect(response.json(), `${list} ${offset}`).toEqual({ errors: ['Field offset is invalid'] });
      }
      const last = await callApi(
        context.app,
        scenario.tokens.administrator,
        'GET',
        `${list}?offset=2147483647`,
      );
      expect(last.statusCode, list).toBe(200);
      expect(last.json().items, list).toEqual([]);
    }
  });

  it('bounds integers a route leaves open, e.g. a wrapped key version of 2^63 (finding 3)', async () => {
    const body = newSecretBody(scenario.chest.id, scenario.readerIds);
    const keys = body.secret.secret_keys_attributes as { version?: number }[];
    (keys[0] as { version?: number }).version = 2 ** 63;
    const response = await callApi(context.app, scenario.tokens.writer, 'POST', '/api/v1/secrets', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: ['Field secret.secret_keys_attributes[0].version is invalid'],
    });
  });

  it('answers a secret id taken in another organisation as one taken in its own: 409 on both engines (finding 4)', async () => {
    const foreignOwner = await buildUser(context.db, { administrator: true });
    const foreignChest = await buildChest(context.db, foreignOwner.organisation_id);
    const foreign = await buildSecret(context.db, foreignOwner, foreignChest.id);
    const create = (id: string) =>
      callApi(
        context.app,
        scenario.tokens.writer,
        'POST',
        '/api/v1/secrets.json',
        newSecretBody(scenario.chest.id, scenario.readerIds, { id }),
      );
    const expected = { error: 'A secret with this id already exists.' };
    const foreignAnswer = await create(foreign.id);
    expect(foreignAnswer.statusCode).toBe(409);
    expect(foreignAnswer.json()).toEqual(expected);
    const ownAnswer = await create(scenario.secret.id);
    expect(ownAnswer.statusCode).toBe(409);
    expect(ownAnswer.json()).toEqual(expected);
    // The body is otherwise fine: an unused id is created.
    expect((await create(randomUUID())).statusCode).toBe(201);
    // And the other organisation's secret is untouched.
    const row = await context.db
      .selectFrom('secrets')
      .select(['organisation_id', 'name'])
      .where('id', '=', foreign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ organisation_id: foreignOwner.organisation_id, name: foreign.name });
  });

  it('answers malformed URLs in the app’s error shape with the security headers (finding 8)', async () => {
    const urls = [
      '/api/v1/vaults/%FF',
      '/api/v1/secrets/%E0%A4%A.json',
      `/api/v1/secrets/${'a'.repeat(200)}`,
      `/api/v1/invitations/${'t'.repeat(5_000)}`,
    ];
    for (const url of urls) {
      const response = await context.app.inject(asAdmin({ method: 'GET', url }));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ errors: ['The address is invalid'] });
      expect(response.body, url).not.toContain('FST_');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // Logged as refused, without the path (an invitation token may be in it).
    expect(logs.text()).toContain('"code":"FST_ERR_MAX_PARAM_LENGTH"');
    expect(logs.text()).not.toContain('t'.repeat(200));
    // Ids up to the router's limit but past the schema's 64 characters: the schema answers.
    const long = await context.app.inject(
      asAdmin({ method: 'GET', url: `/api/v1/vaults/${'a'.repeat(65)}` }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ errors: ['Field id is invalid'] });
  });
});
