import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBearer } from '../test/account-helpers.js';
import { buildUser, TEST_AUTH_HASH } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

// The browser extension (issue 29) calls the API from its own origin with a bearer token, as the web
// app does from the server's origin (docs/security.md, "Requests from the browser extension").
const ORIGINS = [
  'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
  'moz-extension://8f1c0a3e-2b4d-4e6f-9a1b-3c5d7e9f1a2b',
];

describe('requests from the browser extension', () => {
  let context: TestContext;
  let email: string;

  beforeAll(async () => {
    context = await createTestContext();
    email = (await buildUser(context.db, { administrator: true })).email;
  });
  afterAll(async () => {
    await context.close();
  });

  it('signs in, reads and signs out from an extension origin with the web app’s own calls', async () => {
    for (const origin of ORIGINS) {
      const headers = { origin, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' };
      const prelogin = await context.app.inject({
        method: 'POST',
        url: '/api/v1/prelogin.json',
        headers,
        payload: { email },
      });
      expect(prelogin.statusCode, origin).toBe(200);
      const signIn = await context.app.inject({
        method: 'POST',
        url: '/users/sign_in.json',
        headers,
        payload: { user: { email, password: TEST_AUTH_HASH } },
      });
      expect(signIn.statusCode, signIn.body).toBe(201);
      const bearer = { ...headers, authorization: `Bearer ${readBearer(signIn)}` };
      const changes = await context.app.inject({
        method: 'GET',
        url: '/api/v1/secrets/changes.json',
        headers: bearer,
      });
      expect(changes.statusCode).toBe(200);
      const profile = await context.app.inject({
        method: 'GET',
        url: '/api/v1/profile.json',
        headers: bearer,
      });
      expect(profile.statusCode).toBe(200);
      // No answer grants a web page of another origin the right to read it: the extension needs none.
      for (const answer of [prelogin, signIn, changes, profile]) {
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
      const signOut = await context.app.inject({
        method: 'DELETE',
        url: '/users/sign_out.json',
        headers: bearer,
      });
      expect(signOut.statusCode).toBe(204);
    }
  });

  it('answers a preflight with nothing that allows it: web pages elsewhere cannot call the API', async () => {
    const preflight = await context.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/secrets/changes.json',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});
