import { generateUserKeyPair } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getTestAccountKeys,
  postSignIn,
  readBearer,
  resetPasswordFields,
  type TestAccountKeys,
} from '../../test/account-helpers.js';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildManager,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
  TEST_AUTH_HASH,
} from '../../test/factories.js';
import { keyHolders } from '../../test/secret-rows.js';
import { provePassword } from '../../test/step-up.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const LOCKED = 'Your account has been locked. Please contact your administrator.';
const NO_PERMISSION = 'You do not have permission to do that.';

describe('users (administrators)', () => {
  let context: TestContext;
  let s: ChestScenario;
  let everyone: { id: string; name: string };
  let keys: TestAccountKeys;

  beforeAll(async () => {
    [context, keys] = await Promise.all([createTestContext(), getTestAccountKeys()]);
    s = await buildChestScenario(context.db);
    everyone = await buildTeam(context.db, organisationId(), {
      name: 'Everyone',
      default_for_new_users: true,
    });
  });
  afterAll(async () => {
    await context.close();
  });

  const organisationId = () => s.users.owner.organisation_id;
  const admin = () => s.tokens.administrator;
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi(context.app, token, method, url, payload);
  const auditActions = async (objectId: string) =>
    (
      await context.db
        .selectFrom('audit_log_entries')
        .select('action')
        .where('organisation_id', '=', organisationId())
        .where('object_id', '=', objectId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);
  const holdersOf = (secretId: string) => keyHolders(context.db, secretId);
  const userCount = async (teamId: string) =>
    (
      await context.db
        .selectFrom('teams')
        .select('user_count')
        .where('id', '=', teamId)
        .executeTakeFirstOrThrow()
    ).user_count;
  const member = (overrides: Parameters<typeof buildUser>[1] = {}) =>
    buildUser(context.db, { organisation_id: organisationId(), ...overrides });

  describe('list', () => {
    let list: TestContext['db'];
    let token: string;
    let ids: Record<'owner' | 'alice' | 'bob' | 'carol', string>;
    let ops: { id: string; name: string };

    beforeAll(async () => {
      list = context.db;
      const day = (n: number) => `2026-01-0${n}T10:00:00.000Z`;
      const owner = await buildUser(list, {
        name: 'Olive Owner',
        email: 'olive@list.test',
        administrator: true,
        created_at: day(1),
      });
      const inOrganisation = { organisation_id: owner.organisation_id };
      const all = await buildTeam(list, owner.organisation_id, {
        name: 'Everyone',
        default_for_new_users: true,
      });
      ops = await buildTeam(list, owner.organisation_id, { name: 'Ops' });
      const alice = await buildUser(list, {
        ...inOrganisation,
        name: 'Alice',
        email: 'zed-alice@list.test',
        created_at: day(2),
      });
      const bob = await buildUser(list, {
        ...inOrganisation,
        name: 'Bob',
        email: 'bob@list.test',
        locked: true,
        created_at: day(3),
      });
      const carol = await buildUser(list, {
        ...inOrganisation,
        name: 'Carol',
        email: 'carol@list.test',
        confirmed_at: null,
        created_at: day(4),
      });
      for (const user of [owner, alice, bob, carol]) await buildMembership(list, user, all.id);
      await buildMembership(list, alice, ops.id, true);
      token = await buildSession(list, owner);
      ids = { owner: owner.id, alice: alice.id, bob: bob.id, carol: carol.id };
    });

    it('answers items and total, each row with permissions, Accepted or Pending, locked and teams', async () => {
      const response = await call(token, 'GET', '/api/v1/users.json');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.total).toBe(4);
      expect(body.next_cursor).toBeNull();
      expect(body.items.map((row: { name: string }) => row.name)).toEqual([
        'Alice',
        'Bob',
        'Carol',
        'Olive Owner',
      ]);
      const [alice] = body.items;
      expect(alice).toEqual({
        id: ids.alice,
        name: 'Alice',
        email: 'zed-alice@list.test',
        administrator: false,
        data_administrator: false,
        confirmed_at: expect.any(String),
        locked: false,
        owner_id: ids.owner,
        teams: [
          { id: expect.any(String), name: 'Everyone' },
          { id: ops.id, name: 'Ops' },
        ],
        public_key: 'dGVzdC1wdWJsaWMta2V5',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const byName = Object.fromEntries(body.items.map((row: { name: string }) => [row.name, row]));
      expect(byName.Bob.locked).toBe(true);
      expect(byName.Carol.confirmed_at).toBeNull();
      expect(byName['Olive Owner']).toMatchObject({ administrator: true, owner_id: ids.owner });
      expect(JSON.stringify(body)).not.toMatch(/password_hash|encrypted_private_key|otp_secret/);
    });

    it('sorts by name, e-mail and created_at both ways, pages by offset or cursor', async () => {
      const order = async (value: string) =>
        (await call(token, 'GET', `/api/v1/users.json?order=${encodeURIComponent(value)}`))
          .json()
          .items.map((row: { id: string }) => row.id);
      expect(await order('email desc')).toEqual([ids.alice, ids.owner, ids.carol, ids.bob]);
      expect(await order('email asc')).toEqual([ids.bob, ids.carol, ids.owner, ids.alice]);
      expect(await order('created_at asc')).toEqual([ids.owner, ids.alice, ids.bob, ids.carol]);
      expect(await order('name desc')).toEqual([ids.owner, ids.carol, ids.bob, ids.alice]);
      const first = (await call(token, 'GET', '/api/v1/users.json?limit=3&order=email%20asc')).json();
      expect(first.items).toHaveLength(3);
      expect(first.total).toBe(4);
      const next = (
        await call(token, 'GET', `/api/v1/users.json?limit=3&cursor=${first.next_cursor}`)
      ).json();
      expect(next.items.map((row: { id: string }) => row.id)).toEqual([ids.alice]);
      const offset = (
        await call(token, 'GET', '/api/v1/users.json?limit=3&offset=3&order=email%20asc')
      ).json();
      expect(offset.items.map((row: { id: string }) => row.id)).toEqual([ids.alice]);
      expect((await call(token, 'GET', '/api/v1/users.json?order=password%20asc')).statusCode).toBe(400);
    });

    it('searches name and e-mail, case-insensitively, and lists one team’s members', async () => {
      const search = async (query: string) =>
        (await call(token, 'GET', `/api/v1/users.json?${query}`))
          .json()
          .items.map((row: { id: string }) => row.id);
      expect(await search('filter=CAROL')).toEqual([ids.carol]);
      expect(await search('filter=zed-')).toEqual([ids.alice]);
      expect(await search('filter=%25')).toEqual([]);
      expect(await search(`team_id=${ops.id}`)).toEqual([ids.alice]);
      expect(await search(`team_id=${s.readTeam.id}`)).toEqual([]);
    });

    it('is for administrators only; another organisation’s administrator sees only their own', async () => {
      expect((await call(s.tokens.reader, 'GET', '/api/v1/users.json')).json()).toEqual({
        error: NO_PERMISSION,
      });
      const stranger = (await call(s.tokens.stranger, 'GET', '/api/v1/users.json?limit=200')).json();
      expect(stranger.items.map((row: { id: string }) => row.id)).toEqual([s.users.stranger.id]);
    });
  });

  it('shows a user with memberships and the chests they reach', async () => {
    const response = await call(admin(), 'GET', `/api/v1/users/${s.users.manager.id}.json?options[]=*`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: s.users.manager.id,
      must_change_password: false,
      otp_required_for_login: false,
      memberships: [{ user_id: s.users.manager.id, team_id: s.readTeam.id, edit_access: false }],
      permissions: [{ vault_id: s.chest.id, name: s.chest.name, edit_access: false, manager: true }],
    });
    const writer = (await call(admin(), 'GET', `/api/v1/users/${s.users.writer.id}.json`)).json();
    expect(writer.permissions).toEqual(
      [s.chest, s.otherChest]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((chest) => ({ vault_id: chest.id, name: chest.name, edit_access: true, manager: false })),
    );
    const administrator = (await call(admin(), 'GET', `/api/v1/users/${s.users.owner.id}.json`)).json();
    expect(administrator.permissions.map((row: { vault_id: string }) => row.vault_id)).toEqual(
      expect.arrayContaining([s.chest.id, s.otherChest.id]),
    );
    expect((await call(s.tokens.reader, 'GET', `/api/v1/users/${s.users.reader.id}.json`)).statusCode).toBe(
      403,
    );
    expect((await call(s.tokens.stranger, 'GET', `/api/v1/users/${s.users.reader.id}.json`)).statusCode).toBe(
      404,
    );
  });

  describe('update', () => {
    it('renames, and writes one audit entry naming the change', async () => {
      const user = await member({ name: 'Before' });
      const response = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { name: '  After ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, name: 'After', email: user.email });
      expect(await auditActions(user.id)).toEqual([`Updated user After (${user.email}): renamed to After`]);
      const empty = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, { user: { name: '' } });
      expect(empty.json()).toEqual({ errors: ['Required field Name is empty.'] });
      const email = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { email: 'x@y.test' },
      });
      expect(email.json()).toEqual({ errors: ['Field user.email is invalid'] });
      // Nothing changed: no entry.
      await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, { user: { name: 'After' } });
      expect(await auditActions(user.id)).toHaveLength(1);
    });

    it('never changes the administrator flag on oneself or the owner', async () => {
      const message = "Administrator status cannot be changed on your own account or the owner's.";
      const self = await call(admin(), 'PUT', `/api/v1/users/${s.users.administrator.id}.json`, {
        user: { administrator: false },
      });
      expect(self.json()).toEqual({ error: message });
      const owner = await call(admin(), 'PUT', `/api/v1/users/${s.users.owner.id}.json`, {
        user: { administrator: false },
      });
      expect(owner.statusCode).toBe(403);
      // Sending one's own unchanged flag with a rename is fine.
      const unchanged = await call(admin(), 'PUT', `/api/v1/users/${s.users.administrator.id}.json`, {
        user: { administrator: true, name: s.users.administrator.name },
      });
      expect(unchanged.statusCode).toBe(200);
      expect(await auditActions(s.users.owner.id)).not.toContainEqual(
        expect.stringContaining('administrator'),
      );
    });

    it('makes an administrator (manager rights go) and back (keys they no longer reach go)', async () => {
      const user = await member();
      const chest = await buildChest(context.db, organisationId());
      const team = await buildTeam(context.db, organisationId());
      await buildMembership(context.db, user, team.id);
      await buildAssignment(context.db, organisationId(), chest.id, team.id);
      await buildManager(context.db, user, chest.id);
      await provePassword(context.app, admin());
      const promoted = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { administrator: true },
      });
      expect(promoted.json()).toMatchObject({ administrator: true });
      expect(
        await context.db.selectFrom('vault_managers').select('id').where('user_id', '=', user.id).execute(),
      ).toEqual([]);
      const hidden = await buildSecret(context.db, s.users.owner, s.chest.id, {
        hidden: true,
        readerIds: [s.users.owner.id, s.users.administrator.id, user.id],
      });
      const demoted = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { administrator: false },
      });
      expect(demoted.json()).toMatchObject({ administrator: false });
      expect(await holdersOf(hidden.id)).not.toContain(user.id);
      expect((await auditActions(user.id)).sort()).toEqual(
        [
          `Updated user ${user.name} (${user.email}): administrator rights removed`,
          `Updated user ${user.name} (${user.email}): made administrator`,
        ].sort(),
      );
    });

    it('lets only the owner give the data administrator flag', async () => {
      const user = await member();
      const refused = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { data_administrator: true },
      });
      expect(refused.json()).toEqual({ error: 'Only the owner can change who is a data administrator.' });
      expect(await auditActions(user.id)).toEqual([]);
      const given = await call(s.tokens.owner, 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { data_administrator: true },
      });
      expect(given.json()).toMatchObject({ data_administrator: true, administrator: false });
    });

    it('changes memberships (add, edit access, _destroy), keeping team counts and dropping lost keys', async () => {
      const user = await member();
      await buildMembership(context.db, user, everyone.id);
      const before = { write: await userCount(s.writeTeam.id), read: await userCount(s.readTeam.id) };
      const added = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: {
          memberships_attributes: [
            { team_id: s.writeTeam.id, edit_access: true },
            { team_id: s.readTeam.id },
          ],
        },
      });
      expect(added.statusCode).toBe(200);
      const memberships = added.json().memberships as { id: string; team_id: string; edit_access: boolean }[];
      expect(memberships.map((m) => [m.team_id, m.edit_access]).sort()).toEqual(
        [
          [everyone.id, false],
          [s.writeTeam.id, true],
          [s.readTeam.id, false],
        ].sort(),
      );
      expect(await userCount(s.writeTeam.id)).toBe(before.write + 1);
      expect(await userCount(s.readTeam.id)).toBe(before.read + 1);

      const secret = await buildSecret(context.db, s.users.writer, s.otherChest.id, {
        readerIds: [s.users.owner.id, s.users.administrator.id, s.users.writer.id, user.id],
      });
      const write = memberships.find((m) => m.team_id === s.writeTeam.id);
      const read = memberships.find((m) => m.team_id === s.readTeam.id);
      const changed = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: {
          memberships_attributes: [
            { id: write?.id, _destroy: true },
            { id: read?.id, edit_access: true },
          ],
        },
      });
      expect(
        changed
          .json()
          .memberships.map((m: { team_id: string }) => m.team_id)
          .sort(),
      ).toEqual([everyone.id, s.readTeam.id].sort());
      expect(await userCount(s.writeTeam.id)).toBe(before.write);
      // The other chest is the write team's only: its key went with the membership.
      expect(await holdersOf(secret.id)).not.toContain(user.id);
      expect(changed.json().permissions).toEqual([
        { vault_id: s.chest.id, name: s.chest.name, edit_access: false, manager: false },
      ]);
    });

    it('keeps the default team out of it, and refuses teams of another organisation', async () => {
      const user = await member();
      const membership = await buildMembership(context.db, user, everyone.id);
      const count = await userCount(everyone.id);
      for (const attributes of [
        { id: membership, _destroy: true },
        { team_id: everyone.id, edit_access: true },
      ]) {
        const response = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
          user: { name: 'Kept', memberships_attributes: [attributes] },
        });
        expect(response.json()).toEqual({
          errors: ["The default team's members are not changed on a user."],
        });
      }
      const foreign = await buildTeam(context.db, s.users.stranger.organisation_id);
      const response = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { memberships_attributes: [{ team_id: foreign.id }] },
      });
      expect(response.json()).toEqual({ errors: ['Team not found.'] });
      expect(await userCount(everyone.id)).toBe(count);
      expect(
        (await context.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirst())
          ?.name,
      ).toBe(user.name);
      expect(await auditActions(user.id)).toEqual([]);
    });
  });

  describe('remove', () => {
    it('never removes oneself or the owner', async () => {
      for (const id of [s.users.administrator.id, s.users.owner.id]) {
        const response = await call(admin(), 'DELETE', `/api/v1/users/${id}.json`);
        expect(response.json()).toEqual({ error: "You cannot remove your own account or the owner's." });
      }
    });

    it('removes the user with memberships, manager rights and sessions in one audited change, and purges their keys', async () => {
      const user = await member({ name: 'Leaving' });
      await buildMembership(context.db, user, s.readTeam.id);
      await buildManager(context.db, user, s.chest.id);
      const secret = await buildSecret(context.db, s.users.writer, s.chest.id, {
        readerIds: [...s.readerIds, user.id],
      });
      const token = await buildSession(context.db, user);
      await call(token, 'PATCH', '/api/v1/profile.json', { user: { dark_mode: true } });
      const count = await userCount(s.readTeam.id);

      const response = await call(admin(), 'DELETE', `/api/v1/users/${user.id}.json`);
      expect(response.statusCode).toBe(204);
      expect(await userCount(s.readTeam.id)).toBe(count - 1);
      // The keys go just after the commit (key-purger.ts).
      await context.app.keyPurger.idle();
      for (const table of ['memberships', 'vault_managers', 'secret_keys', 'sessions'] as const) {
        expect(
          await context.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute(),
        ).toEqual([]);
      }
      expect(await holdersOf(secret.id)).toEqual(expect.arrayContaining(s.readerIds));
      expect((await call(token, 'GET', '/api/v1/profile.json')).statusCode).toBe(401);
      expect((await call(admin(), 'GET', `/api/v1/users/${user.id}.json`)).statusCode).toBe(404);
      // The log keeps what they did, and says who removed them.
      expect((await auditActions(user.id)).sort()).toEqual(
        ['Updated own profile: dark mode on', `Removed user Leaving (${user.email})`].sort(),
      );
    });
  });

  describe('lock and unlock', () => {
    it('ends a locked user’s sessions at once and refuses their sign-in with a clear message', async () => {
      const user = await member();
      const token = await buildSession(context.db, user);
      const locked = await call(admin(), 'GET', `/api/v1/users/${user.id}/lock.json`);
      expect(locked.statusCode).toBe(200);
      expect(locked.json()).toMatchObject({ id: user.id, locked: true });
      const session = await context.db
        .selectFrom('sessions')
        .select(['revoked_reason'])
        .where('user_id', '=', user.id)
        .execute();
      expect(session).toEqual([{ revoked_reason: 'locked' }]);
      expect((await call(token, 'GET', '/api/v1/profile.json')).statusCode).toBe(401);
      const signIn = await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH });
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json()).toEqual({ errors: [LOCKED], error: LOCKED });
      const check = await context.app.inject({
        method: 'POST',
        url: '/api/v1/two-factor-check',
        payload: { email: user.email, password: TEST_AUTH_HASH },
      });
      expect(check.json().error).toBe(LOCKED);

      // Locking again changes nothing and writes nothing; POST answers as GET does.
      expect((await call(admin(), 'POST', `/api/v1/users/${user.id}/lock.json`)).json().locked).toBe(true);
      const unlocked = await call(admin(), 'POST', `/api/v1/users/${user.id}/unlock.json`);
      expect(unlocked.json()).toMatchObject({ locked: false });
      expect(
        (await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode,
      ).toBe(201);
      expect(await auditActions(user.id)).toEqual([
        `Locked user ${user.name} (${user.email})`,
        `Unlocked user ${user.name} (${user.email})`,
        'Signed in',
      ]);
    });

    it('never locks an administrator (oneself and the owner included)', async () => {
      for (const target of [s.users.owner, s.users.administrator]) {
        const response = await call(admin(), 'GET', `/api/v1/users/${target.id}/lock.json`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ errors: ['Administrators cannot be locked.'] });
      }
      expect((await call(s.tokens.owner, 'GET', '/api/v1/profile.json')).statusCode).toBe(200);
    });

    it('refuses to make a locked user an administrator', async () => {
      const user = await member({ locked: true });
      const response = await call(admin(), 'PUT', `/api/v1/users/${user.id}.json`, {
        user: { administrator: true },
      });
      expect(response.json()).toEqual({ errors: ['Unlock this user before making them an administrator.'] });
    });
  });

  describe('reset_password and the first personal password', () => {
    const resetBody = (extra: object = {}) => ({
      user: {
        ...resetPasswordFields(keys),
        ...extra,
      },
    });

    it('replaces the key pair, ends sessions, drops wrapped keys; the personal password brings a fresh pair', async () => {
      const user = await member();
      await buildMembership(context.db, user, s.readTeam.id);
      const secret = await buildSecret(context.db, s.users.writer, s.chest.id, {
        readerIds: [...s.readerIds, user.id],
      });
      const oldToken = await buildSession(context.db, user);

      await provePassword(context.app, admin());
      const response = await call(
        admin(),
        'PATCH',
        `/api/v1/users/${user.id}/reset_password.json`,
        resetBody(),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: user.id,
        must_change_password: true,
        public_key: keys.publicKey,
      });
      expect(await holdersOf(secret.id)).not.toContain(user.id);
      expect((await call(oldToken, 'GET', '/api/v1/profile.json')).statusCode).toBe(401);
      expect(
        (await postSignIn(context.app, { email: user.email, password: TEST_AUTH_HASH })).statusCode,
      ).toBe(401);
      const missing = (await call(admin(), 'GET', '/api/v1/secret_keys/reshare_all.json?limit=500')).json();
      expect(missing.keyshare).toContainEqual(
        expect.objectContaining({ secret_id: secret.id, user_id: user.id, public_key: keys.publicKey }),
      );

      const signedIn = await postSignIn(context.app, { email: user.email, password: keys.authHash });
      expect(signedIn.statusCode).toBe(201);
      expect(signedIn.json()).toMatchObject({
        must_change_password: true,
        encrypted_private_key: keys.encrypted_private_key,
      });
      const token = readBearer(signedIn);
      const fresh = await generateUserKeyPair();
      const personal = await call(token, 'PATCH', '/users.json', {
        user: {
          password: Buffer.alloc(32, 9).toString('base64'),
          current_password: keys.authHash,
          public_key: fresh.publicKey,
          encrypted_private_key: keys.encrypted_private_key,
          private_key_iv: keys.private_key_iv,
          kdf_iterations: keys.kdf_iterations,
          must_change_password: false,
        },
      });
      expect(personal.statusCode).toBe(200);
      expect(personal.json()).toMatchObject({ must_change_password: false, public_key: fresh.publicKey });
      const stored = await context.db
        .selectFrom('users')
        .select(['public_key', 'key_version'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ public_key: fresh.publicKey, key_version: 3 });
      expect(await auditActions(user.id)).toEqual([
        `Reset the password of ${user.name} (${user.email})`,
        'Signed in',
        'Set a personal password and a new key pair',
      ]);

      // From now on a new key pair comes only with another reset.
      const again = await call(token, 'PATCH', '/users.json', {
        user: {
          password: keys.authHash,
          current_password: Buffer.alloc(32, 9).toString('base64'),
          public_key: keys.publicKey,
          encrypted_private_key: keys.encrypted_private_key,
          private_key_iv: keys.private_key_iv,
          must_change_password: false,
        },
      });
      expect(again.json()).toEqual({
        errors: ['A new key pair is accepted only when setting a personal password after a generated one.'],
      });
    });

    it('refuses one’s own reset, the owner’s, a mismatched confirmation and malformed keys', async () => {
      const message =
        "You cannot reset your own password or the owner's here. Change your own in Account Settings.";
      for (const id of [s.users.administrator.id, s.users.owner.id]) {
        const response = await call(admin(), 'PATCH', `/api/v1/users/${id}/reset_password.json`, resetBody());
        expect(response.json()).toEqual({ error: message });
      }
      const user = await member();
      const mismatch = await call(
        admin(),
        'PATCH',
        `/api/v1/users/${user.id}/reset_password.json`,
        resetBody({ password_confirmation: TEST_AUTH_HASH }),
      );
      expect(mismatch.json()).toEqual({ errors: ['Passwords must match'] });
      const badKey = await call(
        admin(),
        'PATCH',
        `/api/v1/users/${user.id}/reset_password.json`,
        resetBody({ public_key: 'bm90IGEga2V5' }),
      );
      expect(badKey.json()).toEqual({ errors: ['Field Public Key is invalid.'] });
      expect(
        (await call(s.tokens.reader, 'PATCH', `/api/v1/users/${user.id}/reset_password.json`, resetBody()))
          .statusCode,
      ).toBe(403);
      expect(await auditActions(user.id)).toEqual([]);
      const stored = await context.db
        .selectFrom('users')
        .select('must_change_password')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Boolean(stored.must_change_password)).toBe(false);
    });
  });
});
