import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '../test/factories.js';
import { createLogCapture, createTestContext, type TestContext } from '../test/test-app.js';

const SECRETS = {
  queryToken: 'QUERY-TOKEN-5f1e',
  bearer: 'BEARER-TOKEN-9a7c',
  password: 'PASSWORD-HASH-3b2d',
  privateKey: 'PRIVATE-KEY-77aa',
  pathToken: 'PATH-TOKEN-c0ff',
  cookie: 'COOKIE-0d0d',
};

describe('log redaction', () => {
  let context: TestContext;
  const logs = createLogCapture();

  beforeAll(async () => {
    context = await createTestContext({ logStream: logs });
    // A careless route that logs the whole body: redaction must still hold.
    context.app.post('/api/v1/test/careless', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'careless');
      throw new Error('boom');
    });
    context.app.get('/api/v1/test/invitations/:token', async () => ({ ok: true }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('keeps tokens, passwords and keys out of every log line', async () => {
    await context.app.inject({
      method: 'POST',
      url: `/api/v1/test/careless.json?confirmation_token=${SECRETS.queryToken}&invitation_token=${SECRETS.queryToken}`,
      headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: `session=${SECRETS.cookie}` },
      payload: {
        user: {
          email: 'ada@example.test',
          password: SECRETS.password,
          current_password: SECRETS.password,
          encrypted_private_key: SECRETS.privateKey,
        },
        secret_keys_attributes: [{ encrypted_value: SECRETS.privateKey }],
        token: SECRETS.queryToken,
      },
    });
    await context.app.inject({ method: 'GET', url: `/api/v1/test/invitations/${SECRETS.pathToken}.json` });
    const user = await buildUser(context.db);
    const token = await buildSession(context.db, user);
    await context.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: { authorization: token } });

    const text = logs.text();
    expect(text).toContain('careless');
    expect(text).toContain('ada@example.test');
    expect(text).toContain('/api/v1/test/careless.json');
    expect(text).toContain('/api/v1/test/invitations/:token');
    for (const secret of [...Object.values(SECRETS), token]) expect(text).not.toContain(secret);
    expect(text).not.toContain('confirmation_token=');
  });
});
