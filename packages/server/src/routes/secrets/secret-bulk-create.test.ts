import { CHESTS_LIMIT_MESSAGE, NO_PERMISSION_MESSAGE, READERS_CHANGED_MESSAGE } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBillingOrganisation } from '../../test/billing-fixtures.js';
import {
  callApi,
  newSecretBody,
  SCENARIO_ROLES,
  type ScenarioRole,
  useChestScenario,
} from '../../test/chest-scenario.js';
import { buildChest, buildSecret, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const BULK = '/api/v1/secrets/bulk.json';

describe('creating secrets in bulk', () => {
  const setup = useChestScenario();

  const items = (count: number, chestId = setup.scenario.chest.id, readerIds = setup.scenario.readerIds) =>
    Array.from({ length: count }, (_, i) => newSecretBody(chestId, readerIds, { name: `Item ${i}` }).secret);
  const bulk = (secrets: object[], token = setup.scenario.tokens.writer) =>
    callApi(setup.context.app, token, 'POST', BULK, { secrets });
  const stored = async (ids: readonly unknown[]) => {
    const rows = await setup.context.db
      .selectFrom('secrets')
      .select('id')
      .where('id', 'in', ids.map(String))
      .execute();
    return rows.length;
  };

  it('creates every item in order, each with its keys and its own audit entry', async () => {
    const secrets = items(3);
    const response = await bulk(secrets);
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { items: { id: string; name: string; revision: number }[] };
    expect(answer.items.map((item) => [item.id, item.name, item.revision])).toEqual(
      secrets.map((secret) => [secret.id, secret.name, 1]),
    );
    const ids = secrets.map((secret) => String(secret.id));
    const keys = await setup.context.db
      .selectFrom('secret_keys')
      .select('secret_id')
      .where('secret_id', 'in', ids)
      .execute();
    expect(keys).toHaveLength(ids.length * setup.scenario.readerIds.length);
    const audit = await setup.context.db
      .selectFrom('audit_log_entries')
      .select(['action', 'object_id', 'user_id'])
      .where('object_id', 'in', ids)
      .execute();
    expect(audit.map((entry) => entry.object_id).sort()).toEqual([...ids].sort());
    for (const [i, id] of ids.entries()) {
      expect(audit.find((entry) => entry.object_id === id)).toEqual({
        action: `Created secret Item ${i} in chest ${setup.scenario.chest.name}`,
        object_id: id,
        user_id: setup.scenario.users.writer.id,
      });
    }
  });

  const expected: Record<ScenarioRole, number> = {
    owner: 201,
    administrator: 201,
    // The chest's manager may write it.
    manager: 201,
    writer: 201,
    reader: 403,
    outsider: 404,
    stranger: 404,
  };
  for (const role of SCENARIO_ROLES) {
    it(`answers ${expected[role]} to the ${role}, as the single create does`, async () => {
      const secrets = items(2);
      const response = await bulk(secrets, setup.scenario.tokens[role]);
      const single = await callApi(
        setup.context.app,
        setup.scenario.tokens[role],
        'POST',
        '/api/v1/secrets.json',
        newSecretBody(setup.scenario.chest.id, setup.scenario.readerIds),
      );
      expect(response.statusCode).toBe(expected[role]);
      expect(single.statusCode).toBe(expected[role]);
      if (expected[role] === 201) return;
      expect(response.json()).toEqual({ ...single.json(), index: 0 });
      if (role === 'reader') {
        expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE, index: 0 });
      }
      expect(await stored(secrets.map((secret) => secret.id))).toBe(0);
    });
  }

  it('answers 404 for another organisation’s chest, naming the item, and writes nothing', async () => {
    const elsewhere = await buildChest(setup.context.db, setup.scenario.users.stranger.organisation_id);
    const secrets = [...items(1), ...items(1, elsewhere.id)];
    const response = await bulk(secrets);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', index: 1 });
    expect(await stored(secrets.map((secret) => secret.id))).toBe(0);
  });

  it('writes nothing when an item in the middle is refused, and names it', async () => {
    const secrets = items(5);
    secrets[2] = { ...secrets[2], name: '' };
    const response = await bulk(secrets);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Required field Name is empty.'], index: 2 });
    expect(await stored(secrets.map((secret) => secret.id))).toBe(0);
  });

  it('names the item whose keys reach past the chest’s readers, and one whose id is taken, writing nothing', async () => {
    const secrets = items(4);
    const stranger = setup.scenario.users.outsider.id;
    const keys = secrets[2]?.secret_keys_attributes as object[];
    secrets[2] = {
      ...secrets[2],
      secret_keys_attributes: [...keys, { user_id: stranger, encrypted_value: 'AAAA' }],
    };
    const refused = await bulk(secrets);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ index: 2 });
    expect(await stored(secrets.map((secret) => secret.id))).toBe(0);

    const [first] = items(1);
    expect((await bulk([first as object])).statusCode).toBe(201);
    const again = [...items(2), { ...first, name: 'Taken' }];
    const taken = await bulk(again);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ index: 2 });
    expect(await stored(again.slice(0, 2).map((secret) => secret.id))).toBe(0);
  });

  it('refuses one id twice in a request, and a clear url, by index', async () => {
    const secrets = items(3);
    secrets[2] = { ...secrets[2], id: secrets[0]?.id };
    const twice = await bulk(secrets);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'A secret with this id already exists.', index: 2 });
    const withUrl = items(2);
    withUrl[1] = { ...withUrl[1], url: 'https://intranet.example' };
    const clear = await bulk(withUrl);
    expect(clear.statusCode).toBe(400);
    expect(clear.json()).toEqual({
      errors: ['A clear url is not accepted: keep it inside the encrypted data.'],
      index: 1,
    });
    expect(await stored([...secrets, ...withUrl].map((secret) => secret.id))).toBe(0);
  });

  it('answers the readers-changed 409 when an item misses a reader, and writes nothing', async () => {
    const newcomer = await buildUser(setup.context.db, {
      organisation_id: setup.scenario.users.owner.organisation_id,
      administrator: true,
    });
    try {
      const secrets = items(3);
      const response = await bulk(secrets);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: READERS_CHANGED_MESSAGE, index: 0 });
      expect(await stored(secrets.map((secret) => secret.id))).toBe(0);
    } finally {
      await setup.context.db.deleteFrom('users').where('id', '=', newcomer.id).execute();
    }
  });

  it('takes 1 to 50 items', async () => {
    const message = { errors: ['A bulk create takes from 1 to 50 secrets.'] };
    const empty = await bulk([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(message);
    const secrets = items(51);
    const tooMany = await bulk(secrets);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual(message);
    expect(await stored(secrets.map((secret) => secret.id))).toBe(0);
    expect((await bulk(items(50))).statusCode).toBe(201);
  });
});

describe('bulk creates and the free plan', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({ env: { BILLING: 'local' } });
  });
  afterAll(async () => {
    await context.close();
  });

  it('counts the whole batch against the 25 secrets: over it, nothing is written', async () => {
    const org = await buildBillingOrganisation(context.db);
    const chest = await buildChest(context.db, org.organisationId);
    for (let i = 0; i < 20; i += 1) await buildSecret(context.db, org.owner, chest.id);
    const secrets = Array.from({ length: 6 }, () => newSecretBody(chest.id, [org.owner.id]).secret);
    const over = await callApi(context.app, org.ownerToken, 'POST', BULK, { secrets });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ errors: [CHESTS_LIMIT_MESSAGE], index: 5 });
    const live = async () =>
      (
        await context.db
          .selectFrom('secrets')
          .select('id')
          .where('organisation_id', '=', org.organisationId)
          .execute()
      ).length;
    expect(await live()).toBe(20);
    const fits = await callApi(context.app, org.ownerToken, 'POST', BULK, { secrets: secrets.slice(0, 5) });
    expect(fits.statusCode).toBe(201);
    expect(await live()).toBe(25);
  });
});
