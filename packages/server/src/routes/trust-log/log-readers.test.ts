import { KEY_FOR_STRANGER_MESSAGE, READERS_CHANGED_MESSAGE, type ReshareAllResponse } from '@coffer/core';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { recomputeMissingKeys } from '../../repositories/missing-key-repository.js';
import { countMissingKeysOfOrganisation } from '../../services/statistics/daily-figures.js';
import { callApi, newSecretBody, type ScenarioRole, useChestScenario } from '../../test/chest-scenario.js';
import { buildSecret, fakeSealedPayload, fakeWrappedKey } from '../../test/factories.js';
import { admitChange, nextPlaceOf, signRun, snapshotOfRows } from '../../test/trust-log-client.js';
import { makeTrustSigner, type TrustSigner } from '../../test/trust-log-signers.js';

// Issue 30: once an organisation has a trust log, its readers are the log's readers (docs/server.md,
// "Readers once there is a log"). The reader is in the read team (linked to the chest) but the log
// has not admitted them: they are not listed in public_keys, not required by the key-cover checks of
// create, bulk create, save and move, and have no missing-key pairs; once an admission with their
// team_member entry lands, they are all three. Before the log, they are a reader as always.

const setup = useChestScenario();
const signers = {} as Record<ScenarioRole, TrustSigner>;
const org = () => setup.scenario.users.owner.organisation_id;
const ADMITTED = ['administrator', 'manager', 'writer'] as const;

beforeAll(async () => {
  const roles = ['owner', ...ADMITTED, 'reader'] as const;
  const made = await Promise.all(
    roles.map((role) => makeTrustSigner(setup.context.db, setup.scenario.users[role].id)),
  );
  roles.forEach((role, index) => {
    signers[role] = made[index] as TrustSigner;
  });
}, 120_000);

const call = (role: ScenarioRole, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  callApi(setup.context.app, setup.scenario.tokens[role], method, url, body);

const ids = (...roles: ScenarioRole[]) => roles.map((role) => setup.scenario.users[role].id);
const sorted = (list: readonly string[]) => [...list].sort();

async function publicKeyIds(chestId = setup.scenario.chest.id): Promise<string[]> {
  const response = await call('administrator', 'GET', `/api/v1/vaults/${chestId}/public_keys.json`);
  expect(response.statusCode, response.body).toBe(200);
  return sorted((response.json() as { items: Array<{ user_id: string }> }).items.map((item) => item.user_id));
}

async function reshare(
  path: 'reshare_all' | 'reshare_user' | 'reshare_team',
  body?: object,
): Promise<ReshareAllResponse> {
  const method = path === 'reshare_all' ? 'GET' : 'POST';
  const response = await call('administrator', method, `/api/v1/secret_keys/${path}.json`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const keys = (userIds: readonly string[]) =>
  userIds.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() }));
const create = (userIds: readonly string[]) =>
  call('writer', 'POST', '/api/v1/secrets.json', newSecretBody(setup.scenario.chest.id, userIds));
const bulkCreate = (userIds: readonly string[]) =>
  call('writer', 'POST', '/api/v1/secrets/bulk.json', {
    secrets: [1, 2].map((n) => newSecretBody(setup.scenario.chest.id, userIds, { name: `Item ${n}` }).secret),
  });
const save = (secretId: string, userIds: readonly string[]) =>
  call('writer', 'PUT', `/api/v1/secrets/${secretId}.json`, {
    secret: {
      revision: 2,
      vault_id: setup.scenario.chest.id,
      name: 'Saved',
      category: 'password',
      strength: 3,
      form_fill: false,
      hidden: false,
      ...fakeSealedPayload(),
      secret_keys_attributes: keys(userIds),
    },
  });
const move = (secretId: string, userIds: readonly string[]) =>
  call('writer', 'PUT', `/api/v1/secrets/${secretId}.json`, {
    secret: { vault_id: setup.scenario.chest.id, secret_keys_attributes: keys(userIds) },
  });
/** A secret in the other chest (the write team's only): its readers are the owner, administrator and writer. */
const inOtherChest = () =>
  buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.otherChest.id, {
    readerIds: ids('owner', 'administrator', 'writer'),
  });
const inChest = (readerIds: string[]) =>
  buildSecret(setup.context.db, setup.scenario.users.writer, setup.scenario.chest.id, { readerIds });

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error, errors } = response.json() as { error?: string; errors?: string[] };
  expect(error ?? errors?.join(' ')).toBe(message);
}

const everyone = () => sorted(ids('owner', 'administrator', 'manager', 'writer', 'reader'));
const logReaders = () => sorted(ids('owner', 'administrator', 'manager', 'writer'));
// A secret of the chest that lacks only the reader's key, made before the log starts.
let lacking: string;

describe('readers once there is a trust log', () => {
  it('without a log: the reader is a reader as before', async () => {
    expect(await publicKeyIds()).toEqual(everyone());
    expectRefused(await create(logReaders()), 409, READERS_CHANGED_MESSAGE);
    expect((await create(everyone())).statusCode).toBe(201);
    lacking = (await inChest(logReaders())).id;
    const pairs = (await reshare('reshare_user', { id: setup.scenario.users.reader.id })).keyshare;
    expect(pairs.map((pair) => pair.secret_id)).toEqual([lacking]);
  });

  it('starts the log without the reader', async () => {
    const admitted = new Set(ids('owner', ...ADMITTED));
    const entries = await signRun(signers.owner, { org: org(), seq: 0, prev: null }, [
      {
        op: 'genesis',
        body: { name: 'Organisation', email: 'owner@example.test', public_key: signers.owner.publicKey },
      },
      ...ADMITTED.map((role) => admitChange(signers[role], role === 'administrator')),
      await snapshotOfRows(setup.context.db, org(), admitted),
    ]);
    const response = await call('owner', 'POST', '/api/v1/trust_log.json', { entries });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('lists only the log’s readers in public_keys', async () => {
    expect(await publicKeyIds()).toEqual(logReaders());
    // Hidden: the administrators, as before.
    const hidden = await call(
      'administrator',
      'GET',
      `/api/v1/vaults/${setup.scenario.chest.id}/public_keys.json?hidden=true`,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(sorted(hidden.json().items.map((item: { user_id: string }) => item.user_id))).toEqual(
      sorted(ids('owner', 'administrator')),
    );
  });

  it('requires keys for the log’s readers only, and refuses one for the reader', async () => {
    expect((await create(logReaders())).statusCode).toBe(201);
    expectRefused(await create(everyone()), 400, KEY_FOR_STRANGER_MESSAGE);
    expect((await bulkCreate(logReaders())).statusCode).toBe(201);
    expect((await bulkCreate(everyone())).statusCode).toBe(400);
    const saved = await inChest(everyone());
    expectRefused(await save(saved.id, everyone()), 400, KEY_FOR_STRANGER_MESSAGE);
    expect((await save(saved.id, logReaders())).statusCode).toBe(200);
    const moved = await inOtherChest();
    expectRefused(await move(moved.id, ids('manager', 'reader')), 400, KEY_FOR_STRANGER_MESSAGE);
    expect((await move(moved.id, ids('manager'))).statusCode).toBe(200);
  });

  it('lists and counts no missing pair of the reader', async () => {
    const all = await reshare('reshare_all');
    expect(all.keyshare.map((pair) => pair.user_id)).not.toContain(setup.scenario.users.reader.id);
    expect(all.total).toBe(all.keyshare.length);
    expect(await reshare('reshare_user', { id: setup.scenario.users.reader.id })).toEqual({
      keyshare: [],
      total: 0,
    });
    const team = await reshare('reshare_team', { id: setup.scenario.readTeam.id });
    expect(team.keyshare.map((pair) => pair.user_id)).not.toContain(setup.scenario.users.reader.id);
    // Still recorded from the rows (an admission needs no bookkeeping), but not counted either.
    const recorded = await recomputeMissingKeys(setup.context.db, org());
    const readers = recorded.filter((pair) => pair.user_id === setup.scenario.users.reader.id);
    expect(readers.length).toBeGreaterThan(0);
    expect(await countMissingKeysOfOrganisation(setup.context.db, org())).toBe(
      recorded.length - readers.length,
    );
  });

  it('once the reader is admitted with their membership, they read again', async () => {
    const { reader } = setup.scenario.users;
    const entries = await signRun(
      signers.administrator,
      await nextPlaceOf(setup.context.app, setup.scenario.tokens.owner, org()),
      [
        admitChange(signers.reader, false),
        {
          op: 'team_member',
          body: { team: setup.scenario.readTeam.id, user: reader.id, edit: true, present: true },
        },
      ],
    );
    const admitted = await call('administrator', 'POST', '/api/v1/trust_log.json', { entries });
    expect(admitted.statusCode, admitted.body).toBe(201);

    expect(await publicKeyIds()).toEqual(everyone());
    expectRefused(await create(logReaders()), 409, READERS_CHANGED_MESSAGE);
    expect((await create(everyone())).statusCode).toBe(201);
    expectRefused(await bulkCreate(logReaders()), 409, READERS_CHANGED_MESSAGE);
    const moved = await inOtherChest();
    expect((await move(moved.id, ids('manager', 'reader'))).statusCode).toBe(200);

    // Every secret of the chest saved or made without the reader's key is now missing theirs.
    const pairs = (await reshare('reshare_user', { id: reader.id })).keyshare;
    expect(pairs.map((pair) => pair.secret_id)).toContain(lacking);
    expect(pairs.length).toBeGreaterThan(1);
    for (const pair of pairs) {
      expect(pair).toMatchObject({ user_id: reader.id, vault_id: setup.scenario.chest.id, hidden: false });
    }
    const all = await reshare('reshare_all');
    expect(all.keyshare.filter((pair) => pair.user_id === reader.id)).toHaveLength(pairs.length);
    expect(all.total).toBe(all.keyshare.length);
    const recorded = await recomputeMissingKeys(setup.context.db, org());
    expect(await countMissingKeysOfOrganisation(setup.context.db, org())).toBe(recorded.length);
  });
});
