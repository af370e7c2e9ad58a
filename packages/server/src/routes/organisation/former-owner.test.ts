import { NO_PERMISSION_MESSAGE } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR_TOGGLE_MESSAGE,
  DATA_ADMINISTRATOR_MESSAGE,
  REMOVE_USER_MESSAGE,
} from '../../policy/user-policy.js';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import { TEST_AUTH_HASH } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Issue 26: the web app may show a former owner's controls until its profile is asked again; the
// server is what refuses them. After a transfer, every owner-only call of the former owner's session
// (the one that made the transfer, which is kept) answers 403 and changes nothing, and the new owner
// holds them.
describe('a former owner after a transfer', () => {
  let context: TestContext;
  let s: ChestScenario;
  let formerOwner: string;
  let newOwner: string;

  beforeAll(async () => {
    context = await createTestContext();
    s = await buildChestScenario(context.db);
    formerOwner = s.tokens.owner;
    newOwner = s.tokens.administrator;
    for (const token of [formerOwner, newOwner]) {
      const proof = await callApi(context.app, token, 'POST', '/api/v1/users/verify_password.json', {
        password: TEST_AUTH_HASH,
      });
      expect(proof.json()).toMatchObject({ valid: true });
    }
    const marked = await callApi(
      context.app,
      s.tokens.writer,
      'POST',
      `/api/v1/secrets/${s.secret.id}/mark_for_deletion.json`,
    );
    expect(marked.statusCode).toBe(200);
    const transfer = await callApi(context.app, formerOwner, 'PATCH', '/api/v1/organisation/transfer', {
      owner_id: s.users.administrator.id,
    });
    expect(transfer.statusCode).toBe(200);
  });
  afterAll(async () => {
    await context.close();
  });

  const organisation = () =>
    context.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', s.users.owner.organisation_id)
      .executeTakeFirstOrThrow();

  it('is told by the profile and the organisation who owns it now', async () => {
    const profile = await callApi(context.app, formerOwner, 'GET', '/api/v1/profile.json');
    expect(profile.json()).toMatchObject({ id: s.users.owner.id, owner_id: s.users.administrator.id });
    const answer = await callApi(context.app, formerOwner, 'GET', '/api/v1/organisation.json');
    expect(answer.json()).toMatchObject({ owner_id: s.users.administrator.id });
  });

  it('may not rename, transfer back or delete the organisation', async () => {
    const before = await organisation();
    const refusals = [
      await callApi(context.app, formerOwner, 'PUT', '/api/v1/organisation.json', {
        organisation: { name: 'Taken back' },
      }),
      await callApi(context.app, formerOwner, 'PATCH', '/api/v1/organisation/transfer', {
        owner_id: s.users.owner.id,
      }),
      await callApi(context.app, formerOwner, 'DELETE', '/api/v1/organisation.json'),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
    }
    expect(await organisation()).toEqual(before);
  });

  it('may not delete a secret permanently; the new owner may', async () => {
    const path = `/api/v1/secrets/${s.secret.id}.json`;
    const refused = await callApi(context.app, formerOwner, 'DELETE', path);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
    expect((await callApi(context.app, newOwner, 'DELETE', path)).statusCode).toBe(204);
  });

  it('may not give the data administrator flag, nor take the new owner’s rights or account', async () => {
    const flag = await callApi(context.app, formerOwner, 'PUT', `/api/v1/users/${s.users.reader.id}.json`, {
      user: { data_administrator: true },
    });
    expect(flag.statusCode).toBe(403);
    expect(flag.json()).toEqual({ error: DATA_ADMINISTRATOR_MESSAGE });
    const demote = await callApi(
      context.app,
      formerOwner,
      'PUT',
      `/api/v1/users/${s.users.administrator.id}.json`,
      { user: { administrator: false } },
    );
    expect(demote.statusCode).toBe(403);
    expect(demote.json()).toEqual({ error: ADMINISTRATOR_TOGGLE_MESSAGE });
    const remove = await callApi(
      context.app,
      formerOwner,
      'DELETE',
      `/api/v1/users/${s.users.administrator.id}.json`,
    );
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toEqual({ error: REMOVE_USER_MESSAGE });
    const newOwnerRow = await context.db
      .selectFrom('users')
      .select('administrator')
      .where('id', '=', s.users.administrator.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(newOwnerRow.administrator)).toBe(true);
    const reader = await context.db
      .selectFrom('users')
      .select('data_administrator')
      .where('id', '=', s.users.reader.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(reader.data_administrator)).toBe(false);
  });
});
