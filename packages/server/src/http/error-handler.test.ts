import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, GENERIC_ERROR_MESSAGE } from '../errors/app-error.js';
import { createLogCapture, createTestContext, type TestContext } from '../test/test-app.js';

describe('error answers', () => {
  let context: TestContext;
  const logs = createLogCapture();

  beforeAll(async () => {
    context = await createTestContext({ logStream: logs });
    const { app } = context;
    app.post(
      '/api/v1/test/echo',
      {
        schema: {
          body: {
            type: 'object',
            required: ['user'],
            properties: {
              user: {
                type: 'object',
                required: ['email'],
                properties: {
                  email: { type: 'string', maxLength: 20 },
                  teams: { type: 'array', items: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
      async (request) => ({ received: request.body }),
    );
    app.get('/api/v1/test/throw/:code', async (request) => {
      const { code } = request.params as { code: string };
      if (code === 'crash') throw new Error('database password is hunter2');
      if (code === 'validation') throw AppError.validation('Email has already been taken');
      if (code === 'unauthorized') throw AppError.unauthorized('Invalid Email or password.');
      if (code === 'conflict') throw AppError.conflict('This secret was changed by someone else.');
      if (code === 'forbidden') throw AppError.forbidden();
      if (code === 'missing') throw AppError.notFound();
      throw AppError.rateLimited();
    });
    app.get('/users/test/ping', async () => ({ pong: true }));
  });
  afterAll(async () => {
    await context.close();
  });

  function post(payload: string, contentType = 'application/json') {
    return context.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload,
      headers: { 'content-type': contentType },
    });
  }

  it('answers a route with and without .json', async () => {
    const body = JSON.stringify({ user: { email: 'a@b.c' } });
    for (const url of ['/api/v1/test/echo', '/api/v1/test/echo.json']) {
      const response = await context.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, url).toBe(200);
    }
    const ping = await context.app.inject({ method: 'GET', url: '/users/test/ping.json?x=1' });
    expect(ping.json()).toEqual({ pong: true });
  });

  it('turns malformed JSON into 400, not 500', async () => {
    const response = await post('{"user": {');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Malformed JSON body'] });
  });

  it('refuses prototype-poisoning JSON', async () => {
    const response = await post('{"user": {"email": "a"}, "__proto__": {"admin": true}}');
    expect(response.statusCode).toBe(400);
  });

  it('names the field that fails the schema', async () => {
    // Fastify coerces scalars (5 → '5', as query strings and forms need), so the wrong type is an object.
    expect((await post(JSON.stringify({ user: { email: { at: 5 } } }))).json()).toEqual({
      errors: ['Field user.email is invalid'],
    });
    expect((await post(JSON.stringify({ user: {} }))).json()).toEqual({
      errors: ['Field user.email is required'],
    });
    expect((await post(JSON.stringify({ user: { email: 'x'.repeat(21) } }))).json()).toEqual({
      errors: ['Field user.email is invalid'],
    });
    expect((await post(JSON.stringify({ user: { email: 'a', teams: ['x'] } }))).json()).toEqual({
      errors: ['Field user.teams[0] is invalid'],
    });
    const empty = await post('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: ['The request body is missing or invalid'] });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ user: { email: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: ['The request body is too large.'] });
  });

  it('answers an unknown content type with 415', async () => {
    const response = await post('<user/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: ['Unsupported content type.'] });
  });

  it('shapes each AppError the way the request helper reads it', async () => {
    const cases: Array<[string, number, object]> = [
      ['validation', 400, { errors: ['Email has already been taken'] }],
      ['unauthorized', 401, { errors: ['Invalid Email or password.'], error: 'Invalid Email or password.' }],
      ['forbidden', 403, { error: 'You are not allowed to do this.' }],
      ['missing', 404, { error: 'Not found' }],
      ['conflict', 409, { error: 'This secret was changed by someone else.' }],
      ['limited', 429, { errors: ['Too many attempts. Please wait a moment and try again.'] }],
    ];
    for (const [code, status, body] of cases) {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/test/throw/${code}.json` });
      expect(response.statusCode, code).toBe(status);
      expect(response.json(), code).toEqual(body);
    }
  });

  it('hides internal errors from the client and logs them', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/test/throw/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: [GENERIC_ERROR_MESSAGE] });
    expect(response.body).not.toContain('hunter2');
    expect(logs.text()).toContain('request failed');
  });
});
