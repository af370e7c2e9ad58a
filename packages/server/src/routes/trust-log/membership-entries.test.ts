import { randomUUID } from 'node:crypto';
import { endorseKeyRotation, type SignedTrustEntry, type TrustChange } from '@coffer/core';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID_FORMAT_MESSAGE, CLIENT_ID_TAKEN_MESSAGE } from '../../services/client-chosen-id.js';
import {
  NO_TRUST_LOG_MESSAGE,
  TRUST_ENTRIES_MISMATCH_MESSAGE,
  TRUST_ENTRIES_SHAPE_MESSAGE,
} from '../../services/trust-log/trust-entries-guard.js';
import {
  TRUST_LOG_MOVED_MESSAGE,
  TRUST_LOG_NOT_ACTOR_MESSAGE,
} from '../../services/trust-log/trust-log-service.js';
import { getTestAccountKeys, type TestAccountKeys } from '../../test/account-helpers.js';
import { callApi, type ScenarioRole, useChestScenario } from '../../test/chest-scenario.js';
import { buildSession, TEST_AUTH_HASH } from '../../test/factories.js';
import { provePassword } from '../../test/step-up.js';
import {
  admitChange,
  nextPlaceOf,
  organisationRows,
  projectionsOf,
  readLog,
  signRun,
  snapshotOfRows,
} from '../../test/trust-log-client.js';
import { makeTrustSigner, type TrustSigner } from '../../test/trust-log-signers.js';

// Issue 30: once the organisation has a trust log, every membership call carries the signed entries
// that describe it (docs/server.md, "Membership calls carry their entries"). One organisation goes
// through the calls in order; each refusal leaves its rows and its log as they were, and after each
// success the log folded from genesis projects exactly the rows.

const setup = useChestScenario();
const signers = {} as Record<ScenarioRole, TrustSigner>;
let keys: TestAccountKeys;
const tokens = {} as Record<ScenarioRole, string>;

const FAKE_HASH = `${'A'.repeat(43)}=`;
const org = () => setup.scenario.users.owner.organisation_id;
const db = () => setup.context.db;

beforeAll(async () => {
  const { users } = setup.scenario;
  const roles = ['owner', 'administrator', 'manager', 'writer', 'reader', 'outsider', 'stranger'] as const;
  const made = await Promise.all(roles.map((role) => makeTrustSigner(db(), users[role].id)));
  roles.forEach((role, index) => {
    signers[role] = made[index] as TrustSigner;
    tokens[role] = setup.scenario.tokens[role];
  });
  keys = await getTestAccountKeys();
  await provePassword(setup.context.app, tokens.owner, TEST_AUTH_HASH);
  await provePassword(setup.context.app, tokens.administrator, TEST_AUTH_HASH);
}, 120_000);

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (role: ScenarioRole, method: Method, url: string, body?: object) =>
  callApi(setup.context.app, tokens[role], method, url, body);

/** Signs `changes` at the log's head by `role`. */
const signed = async (role: ScenarioRole, changes: readonly TrustChange[], signer = signers[role]) =>
  signRun(signer, await nextPlaceOf(setup.context.app, tokens.owner, org()), changes);

/** Expects the call refused with this status (and message), its rows and log as they were. */
async function expectRefused(
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message?: string,
): Promise<void> {
  const before = await organisationRows(db(), org());
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  if (message) {
    const { error, errors } = response.json() as { error?: string; errors?: string[] };
    expect(error ?? errors?.join(' ')).toBe(message);
  }
  expect(await organisationRows(db(), org())).toBe(before);
}

/** After a success: the log holds `count` more entries and folds to exactly the rows' projection. */
async function expectLogDescribesRows(seqBefore: number, count: number): Promise<void> {
  const { head } = await readLog(setup.context.app, tokens.administrator);
  expect(head?.seq).toBe(seqBefore + count);
  const { log, rows } = await projectionsOf(setup.context.app, db(), tokens.owner, org());
  expect(log).toBe(rows);
}

const headSeq = async () => (await readLog(setup.context.app, tokens.owner)).head?.seq ?? -1;

/**
 * The cases every guarded call goes through: no entries, entries of another change, a wrong
 * signature, a moved head (422, 422, 422, 409, nothing written), then the right entries land with it.
 */
async function expectGuarded(
  role: ScenarioRole,
  send: (entries: SignedTrustEntry[] | undefined) => Promise<LightMyRequestResponse>,
  right: readonly TrustChange[],
  wrong: readonly TrustChange[],
  status = 200,
  needsEntries = true,
): Promise<LightMyRequestResponse> {
  if (needsEntries) {
    await expectRefused(() => send(undefined), 422, TRUST_ENTRIES_MISMATCH_MESSAGE);
    await expectRefused(() => send([]), 422, TRUST_ENTRIES_MISMATCH_MESSAGE);
  }
  const other = await signed(role, wrong);
  await expectRefused(() => send(other), 422, TRUST_ENTRIES_MISMATCH_MESSAGE);
  const good = await signed(role, right);
  const [first, ...rest] = good as [SignedTrustEntry, ...SignedTrustEntry[]];
  const forged = { ...first, sig: `${first.sig[0] === 'A' ? 'B' : 'A'}${first.sig.slice(1)}` };
  await expectRefused(() => send([forged, ...rest]), 422, 'The entry’s signature does not verify.');
  // Someone else's entry lands first: the owner re-states a membership, a change of nothing.
  const before = await headSeq();
  const { readTeam, users } = setup.scenario;
  const meanwhile = await signed('owner', [
    { op: 'team_member', body: { team: readTeam.id, user: users.manager.id, edit: false, present: true } },
  ]);
  const moved = await call('owner', 'POST', '/api/v1/trust_log.json', { entries: meanwhile });
  expect(moved.statusCode, moved.body).toBe(201);
  expect(await headSeq()).toBe(before + 1);
  await expectRefused(() => send(good), 409, TRUST_LOG_MOVED_MESSAGE);
  // The browser syncs and signs again.
  const seq = await headSeq();
  const response = await send(await signed(role, right));
  expect(response.statusCode, response.body).toBe(status);
  await expectLogDescribesRows(seq, right.length);
  return response;
}

describe('membership calls carry their signed entries', () => {
  it('work as before without a log, and refuse entries there', async () => {
    // A place the log would have: the organisation has none, so no place is right.
    const place = { org: org(), seq: 1, prev: FAKE_HASH };
    const entries = await signRun(signers.administrator, place, [
      {
        op: 'team_member',
        body: { team: setup.scenario.readTeam.id, user: signers.outsider.id, edit: false, present: true },
      },
    ]);
    const team = {
      name: 'Before the log',
      memberships_attributes: [{ user_id: setup.scenario.users.outsider.id }],
    };
    await expectRefused(
      () => call('administrator', 'POST', '/api/v1/teams.json', { team, trust_entries: entries }),
      422,
      NO_TRUST_LOG_MESSAGE,
    );
    const created = await call('administrator', 'POST', '/api/v1/teams.json', { team });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await call('administrator', 'DELETE', `/api/v1/teams/${created.json().id}.json`)).statusCode,
    ).toBe(204);
    expect(await headSeq()).toBe(-1);
  });

  it('starts the log with one batch: genesis, admissions, snapshot; refused unless it describes the rows', async () => {
    const admitted = ['administrator', 'manager', 'writer', 'reader', 'outsider'] as const;
    const changes: TrustChange[] = [
      {
        op: 'genesis',
        body: { name: 'Organisation', email: 'owner@example.test', public_key: signers.owner.publicKey },
      },
      ...admitted.map((role) => admitChange(signers[role], role === 'administrator')),
    ];
    const place = { org: org(), seq: 0, prev: null };
    const post = (entries: unknown) => call('owner', 'POST', '/api/v1/trust_log.json', { entries });
    // Without the snapshot, the log would say nobody is in a team.
    await expectRefused(
      async () => post(await signRun(signers.owner, place, changes)),
      422,
      TRUST_ENTRIES_MISMATCH_MESSAGE,
    );
    await expectRefused(() => post([]), 400);
    await expectRefused(
      async () =>
        post(await signRun(signers.stranger, { ...place, org: signers.stranger.id }, changes.slice(0, 1))),
      404,
    );
    const ids = new Set([signers.owner.id, ...admitted.map((role) => signers[role].id)]);
    const entries = await signRun(signers.owner, place, [...changes, await snapshotOfRows(db(), org(), ids)]);
    await expectRefused(
      () => call('administrator', 'POST', '/api/v1/trust_log.json', { entries }),
      403,
      TRUST_LOG_NOT_ACTOR_MESSAGE,
    );
    const response = await post(entries);
    expect(response.statusCode, response.body).toBe(201);
    const { items } = response.json() as { items: Array<{ seq: number; hash: string }> };
    expect(items.map((item) => item.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await expectLogDescribesRows(-1, 7);
  });

  it('answers 400 for trust_entries that are not a list of entries, and 403 for another actor’s', async () => {
    const url = `/api/v1/teams/${setup.scenario.readTeam.id}.json`;
    const team = { memberships_attributes: [{ user_id: setup.scenario.users.outsider.id }] };
    await expectRefused(
      () => call('administrator', 'PATCH', url, { team, trust_entries: { entry: 1 } }),
      400,
      TRUST_ENTRIES_SHAPE_MESSAGE,
    );
    await expectRefused(
      () => call('administrator', 'PATCH', url, { team, trust_entries: [{ entry: {} }] }),
      400,
    );
    const tooMany = Array.from({ length: 1001 }, () => ({}));
    await expectRefused(
      () => call('administrator', 'PATCH', url, { team, trust_entries: tooMany }),
      400,
      TRUST_ENTRIES_SHAPE_MESSAGE,
    );
    const change: TrustChange = {
      op: 'team_member',
      body: { team: setup.scenario.readTeam.id, user: signers.outsider.id, edit: false, present: true },
    };
    await expectRefused(
      async () =>
        call('administrator', 'PATCH', url, { team, trust_entries: await signed('owner', [change]) }),
      403,
      TRUST_LOG_NOT_ACTOR_MESSAGE,
    );
    const foreign = await signRun(
      signers.administrator,
      { org: signers.stranger.id, seq: 7, prev: FAKE_HASH },
      [change],
    );
    await expectRefused(() => call('administrator', 'PATCH', url, { team, trust_entries: foreign }), 404);
  });

  it('renames a team without entries: the projection does not move', async () => {
    const seq = await headSeq();
    const url = `/api/v1/teams/${setup.scenario.readTeam.id}.json`;
    const response = await call('administrator', 'PATCH', url, { team: { name: 'Readers, renamed' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await headSeq()).toBe(seq);
  });

  const newTeam = randomUUID();
  it('POST /teams with a client id', async () => {
    const { chest, readTeam } = setup.scenario;
    const { reader } = setup.scenario.users;
    const body = (trust_entries?: SignedTrustEntry[]) => ({
      team: {
        id: newTeam,
        name: 'Signed team',
        memberships_attributes: [{ user_id: reader.id, edit_access: false }],
        assignments_attributes: [{ vault_id: chest.id, edit_access: true }],
      },
      ...(trust_entries ? { trust_entries } : {}),
    });
    await expectRefused(
      () =>
        call('administrator', 'POST', '/api/v1/teams.json', { team: { ...body().team, id: readTeam.id } }),
      422,
      CLIENT_ID_TAKEN_MESSAGE,
    );
    await expectRefused(
      () =>
        call('administrator', 'POST', '/api/v1/teams.json', { team: { ...body().team, id: 'not-a-uuid' } }),
      400,
      CLIENT_ID_FORMAT_MESSAGE,
    );
    const right: TrustChange[] = [
      { op: 'team_member', body: { team: newTeam, user: reader.id, edit: false, present: true } },
      { op: 'chest_team', body: { chest: chest.id, team: newTeam, edit: true, present: true } },
    ];
    const wrong: TrustChange[] = [
      { op: 'team_member', body: { team: newTeam, user: reader.id, edit: true, present: true } },
      { op: 'chest_team', body: { chest: chest.id, team: newTeam, edit: true, present: true } },
    ];
    const response = await expectGuarded(
      'administrator',
      (entries) => call('administrator', 'POST', '/api/v1/teams.json', body(entries)),
      right,
      wrong,
      201,
    );
    expect(response.json().id).toBe(newTeam);
  });

  it('PATCH /teams/:id', async () => {
    const { writer, manager } = setup.scenario.users;
    const send = (trust_entries?: SignedTrustEntry[]) =>
      call('administrator', 'PATCH', `/api/v1/teams/${newTeam}.json`, {
        team: { memberships_attributes: [{ user_id: writer.id, edit_access: true }] },
        trust_entries,
      });
    await expectGuarded(
      'administrator',
      send,
      [{ op: 'team_member', body: { team: newTeam, user: writer.id, edit: true, present: true } }],
      [{ op: 'team_member', body: { team: newTeam, user: manager.id, edit: true, present: true } }],
    );
  });

  it('POST /vaults/:id/promote and demote', async () => {
    const { chest } = setup.scenario;
    const { reader, writer } = setup.scenario.users;
    const send = (verb: string) => (trust_entries?: SignedTrustEntry[]) =>
      call('administrator', 'POST', `/api/v1/vaults/${chest.id}/${verb}.json`, {
        user_id: reader.id,
        trust_entries,
      });
    const manage = (user: string, present: boolean): TrustChange => ({
      op: 'chest_manager',
      body: { chest: chest.id, user, present },
    });
    await expectGuarded(
      'administrator',
      send('promote'),
      [manage(reader.id, true)],
      [manage(writer.id, true)],
    );
    await expectGuarded(
      'administrator',
      send('demote'),
      [manage(reader.id, false)],
      [manage(setup.scenario.users.manager.id, false)],
    );
  });

  const newChest: string = randomUUID();
  it('POST /vaults with a client id, PATCH and DELETE /vaults/:id', async () => {
    const { readTeam, writeTeam, chest } = setup.scenario;
    const assign = (team: string, edit: boolean, present: boolean, on = newChest): TrustChange => ({
      op: 'chest_team',
      body: { chest: on, team, edit, present },
    });
    const create = (trust_entries?: SignedTrustEntry[], id = newChest) =>
      call('administrator', 'POST', '/api/v1/vaults.json', {
        vault: {
          id,
          name: 'Signed chest',
          assignments_attributes: [{ team_id: readTeam.id, edit_access: false }],
        },
        trust_entries,
      });
    await expectRefused(() => create(undefined, chest.id), 422, CLIENT_ID_TAKEN_MESSAGE);
    const created = await expectGuarded(
      'administrator',
      create,
      [assign(readTeam.id, false, true)],
      [assign(readTeam.id, true, true)],
      201,
    );
    expect(created.json().id).toBe(newChest);
    await expectGuarded(
      'administrator',
      (trust_entries) =>
        call('administrator', 'PATCH', `/api/v1/vaults/${newChest}.json`, {
          vault: { assignments_attributes: [{ team_id: writeTeam.id, edit_access: true }] },
          trust_entries,
        }),
      [assign(writeTeam.id, true, true)],
      [assign(writeTeam.id, true, true, chest.id)],
    );
    await expectGuarded(
      'administrator',
      (trust_entries) =>
        call(
          'administrator',
          'DELETE',
          `/api/v1/vaults/${newChest}.json`,
          trust_entries ? { trust_entries } : undefined,
        ),
      [assign(readTeam.id, false, false), assign(writeTeam.id, true, false)],
      [assign(readTeam.id, false, false)],
      204,
    );
  });

  it('DELETE /teams/:id', async () => {
    await expectGuarded(
      'administrator',
      (trust_entries) =>
        call(
          'administrator',
          'DELETE',
          `/api/v1/teams/${newTeam}.json`,
          trust_entries ? { trust_entries } : undefined,
        ),
      [{ op: 'team_delete', body: { team: newTeam } }],
      [{ op: 'team_delete', body: { team: setup.scenario.writeTeam.id } }],
      204,
    );
  });

  it('takes one of two calls signed against the same head; the other is a 409 that writes nothing', async () => {
    const { writeTeam, users } = setup.scenario;
    const join = (user: string): TrustChange => ({
      op: 'team_member',
      body: { team: writeTeam.id, user, edit: false, present: true },
    });
    const seq = await headSeq();
    const [first, second] = await Promise.all([
      signed('administrator', [join(users.manager.id)]),
      signed('administrator', [join(users.outsider.id)]),
    ]);
    const send = (user: string, trust_entries: SignedTrustEntry[] | undefined) =>
      call('administrator', 'PATCH', `/api/v1/teams/${writeTeam.id}.json`, {
        team: { memberships_attributes: [{ user_id: user, edit_access: false }] },
        trust_entries,
      });
    const answers = await Promise.all([send(users.manager.id, first), send(users.outsider.id, second)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    await expectLogDescribesRows(seq, 1);
    const members = await db()
      .selectFrom('memberships')
      .select('user_id')
      .where('team_id', '=', writeTeam.id)
      .where('user_id', 'in', [users.manager.id, users.outsider.id])
      .execute();
    expect(members).toHaveLength(1);
  });

  it('POST /users with a client id: a Pending user needs no entry; an admitted one needs theirs', async () => {
    const body = (id: string, trust_entries?: SignedTrustEntry[]) => ({
      user: {
        id,
        name: 'Hank',
        email: `hank-${id.slice(0, 8)}@example.test`,
        password: keys.authHash,
        public_key: keys.publicKey,
        encrypted_private_key: keys.encrypted_private_key,
        private_key_iv: keys.private_key_iv,
        kdf_iterations: '600000',
      },
      trust_entries,
    });
    const seq = await headSeq();
    const pending = await call('administrator', 'POST', '/api/v1/users.json', body(randomUUID()));
    expect(pending.statusCode, pending.body).toBe(201);
    expect(await headSeq()).toBe(seq);
    await expectRefused(
      () => call('administrator', 'POST', '/api/v1/users.json', body(setup.scenario.users.reader.id)),
      422,
      CLIENT_ID_TAKEN_MESSAGE,
    );

    const id = randomUUID();
    const hank = { ...(await makeTrustSigner(db(), id)) };
    const withKey = (trust_entries?: SignedTrustEntry[]) => {
      const request = body(id, trust_entries);
      return call('administrator', 'POST', '/api/v1/users.json', {
        ...request,
        user: { ...request.user, public_key: hank.publicKey },
      });
    };
    const response = await expectGuarded(
      'administrator',
      withKey,
      [admitChange(hank, false, 'created')],
      [admitChange(hank, true, 'created')],
      201,
      false,
    );
    expect(response.json().id).toBe(id);
  });

  it('PUT /users/:id: the administrator flag', async () => {
    const { writer, reader } = setup.scenario.users;
    await expectGuarded(
      'administrator',
      (trust_entries) =>
        call('administrator', 'PUT', `/api/v1/users/${writer.id}.json`, {
          user: { administrator: true },
          trust_entries,
        }),
      [{ op: 'role', body: { user: writer.id, admin: true } }],
      [{ op: 'role', body: { user: reader.id, admin: true } }],
    );
  });

  let resetKey: TrustSigner;
  it('PATCH /users/:id/reset_password', async () => {
    const { reader, outsider } = setup.scenario.users;
    resetKey = { ...(await makeTrustSigner(db(), randomUUID())), id: reader.id };
    const send = (trust_entries?: SignedTrustEntry[]) =>
      call('administrator', 'PATCH', `/api/v1/users/${reader.id}/reset_password.json`, {
        user: {
          public_key: resetKey.publicKey,
          encrypted_private_key: keys.encrypted_private_key,
          private_key_iv: keys.private_key_iv,
          password: keys.authHash,
          password_confirmation: keys.authHash,
        },
        trust_entries,
      });
    await expectGuarded(
      'administrator',
      send,
      [{ op: 'reset', body: { user: reader.id, public_key: resetKey.publicKey } }],
      [{ op: 'reset', body: { user: outsider.id, public_key: resetKey.publicKey } }],
    );
  });

  it('PATCH /users: the first personal password brings a key entry signed with the new key', async () => {
    const { reader } = setup.scenario.users;
    tokens.reader = await buildSession(db(), reader);
    const fresh = { ...(await makeTrustSigner(db(), randomUUID())), id: reader.id };
    const endorsement = await endorseKeyRotation(
      resetKey.signingKey as Parameters<typeof endorseKeyRotation>[0],
      {
        userId: reader.id,
        publicKey: fresh.publicKey,
      },
    );
    const send = (trust_entries?: SignedTrustEntry[]) =>
      call('reader', 'PATCH', '/users.json', {
        user: {
          current_password: keys.authHash,
          password: keys.authHash,
          public_key: fresh.publicKey,
          encrypted_private_key: keys.encrypted_private_key,
          private_key_iv: keys.private_key_iv,
          key_endorsement: endorsement,
        },
        trust_entries,
      });
    const keyChange: TrustChange = {
      op: 'key',
      body: { user: reader.id, public_key: fresh.publicKey, endorsement },
    };
    // A member's entry that only an administrator may sign: 403, nothing written.
    const teamChange: TrustChange = {
      op: 'team_member',
      body: { team: setup.scenario.readTeam.id, user: reader.id, edit: false, present: false },
    };
    await expectRefused(
      async () =>
        send([
          ...(await signed('reader', [keyChange], fresh)),
          ...(await signed('reader', [teamChange], fresh)).map((entry) => entry),
        ]),
      422,
    );
    await expectRefused(
      async () => {
        const [key] = await signed('reader', [keyChange], fresh);
        const next = await signRun(
          fresh,
          {
            org: org(),
            seq: (key as SignedTrustEntry).entry.seq + 1,
            prev: await (await import('@coffer/core')).trustEntryHash(key as SignedTrustEntry),
          },
          [teamChange],
        );
        return send([key as SignedTrustEntry, ...next]);
      },
      403,
      'Only an administrator may change a team.',
    );
    await expectRefused(async () => send(await signed('reader', [keyChange], resetKey)), 422);
    const seq = await headSeq();
    const response = await send(await signed('reader', [keyChange], fresh));
    expect(response.statusCode, response.body).toBe(200);
    await expectLogDescribesRows(seq, 1);
  });

  it('DELETE /users/:id', async () => {
    const { outsider, manager } = setup.scenario.users;
    await expectGuarded(
      'administrator',
      (trust_entries) =>
        call(
          'administrator',
          'DELETE',
          `/api/v1/users/${outsider.id}.json`,
          trust_entries ? { trust_entries } : undefined,
        ),
      [{ op: 'remove', body: { user: outsider.id } }],
      [{ op: 'remove', body: { user: manager.id } }],
      204,
    );
  });

  it('PATCH /organisation/transfer', async () => {
    const { administrator, writer } = setup.scenario.users;
    await expectGuarded(
      'owner',
      (trust_entries) =>
        call('owner', 'PATCH', '/api/v1/organisation/transfer.json', {
          owner_id: administrator.id,
          trust_entries,
        }),
      [{ op: 'owner', body: { user: administrator.id } }],
      [{ op: 'owner', body: { user: writer.id } }],
    );
  });

  it('never touched another organisation’s log', async () => {
    expect((await readLog(setup.context.app, tokens.stranger)).head).toBeNull();
  });
});
