import { NO_PERMISSION_MESSAGE, type RotationItem, requiredMessage } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../mail/outbox-reader.js';
import { runRotationChecks } from '../../services/rotations/rotation-job.js';
import { countFiguresOfDays, countRotatedThisMonth } from '../../services/statistics/daily-figures.js';
import { auditActions } from '../../test/audit-rows.js';
import { callApi } from '../../test/chest-scenario.js';
import {
  buildAssignment,
  buildChest,
  buildManager,
  buildMembership,
  buildSecret,
  buildSession,
  buildTeam,
  buildUser,
  fakeSealedPayload,
  fakeWrappedKey,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// Issue 31: rotation after access is lost. Each test builds its own organisation, since removing,
// locking and saving change who reads what.

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  callApi(context.app, token, method, url, payload);

/**
 * An organisation: an owner and a second administrator; a member and a colleague in a team with
 * Read on chest A; a manager of chest A (in that team too); chest B, which only another team reads.
 * Chest A holds two visible secrets and one hidden one; chest B one secret.
 */
async function buildOrganisation() {
  const { db } = context;
  const owner = await buildUser(db, { administrator: true });
  const organisationId = owner.organisation_id;
  const inOrganisation = { organisation_id: organisationId };
  const administrator = await buildUser(db, { ...inOrganisation, administrator: true });
  const member = await buildUser(db, { ...inOrganisation, name: 'Mia Member' });
  const colleague = await buildUser(db, inOrganisation);
  const manager = await buildUser(db, inOrganisation);
  const otherMember = await buildUser(db, inOrganisation);
  const team = await buildTeam(db, organisationId);
  const otherTeam = await buildTeam(db, organisationId);
  for (const user of [member, colleague, manager]) await buildMembership(db, user, team.id, true);
  await buildMembership(db, otherMember, otherTeam.id, true);
  const chestA = await buildChest(db, organisationId, { name: 'Alpha' });
  const chestB = await buildChest(db, organisationId, { name: 'Bravo' });
  await buildAssignment(db, organisationId, chestA.id, team.id, true);
  await buildAssignment(db, organisationId, chestB.id, otherTeam.id, true);
  await buildManager(db, manager, chestA.id);

  const administrators = [owner.id, administrator.id];
  const readersA = [...administrators, member.id, colleague.id, manager.id];
  const a1 = await buildSecret(db, owner, chestA.id, { name: 'Mail server', readerIds: readersA });
  const a2 = await buildSecret(db, owner, chestA.id, { name: 'Router', readerIds: readersA });
  const hidden = await buildSecret(db, owner, chestA.id, {
    name: 'Root key',
    hidden: true,
    readerIds: administrators,
  });
  const b1 = await buildSecret(db, owner, chestB.id, {
    name: 'Payroll',
    readerIds: [...administrators, otherMember.id],
  });
  const users = { owner, administrator, member, colleague, manager, otherMember };
  const tokens = {} as Record<keyof typeof users, string>;
  for (const [role, user] of Object.entries(users)) {
    tokens[role as keyof typeof users] = await buildSession(db, user);
  }
  return { users, tokens, team, chestA, chestB, a1, a2, hidden, b1, readersA, administrators };
}

async function rotations(token: string, query = '') {
  const response = await call(token, 'GET', `/api/v1/rotations.json${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: RotationItem[];
    total: number;
    totals: { to_rotate: number; rotated: number };
  };
}

/** The owner removes a user of the organisation. */
async function removeAsOwner(org: { tokens: { owner: string } }, userId: string) {
  const removed = await call(org.tokens.owner, 'DELETE', `/api/v1/users/${userId}.json`);
  expect(removed.statusCode, removed.body).toBe(204);
}

const secretNames = (items: RotationItem[]) => items.map((item) => item.secret_name).sort();

async function save(token: string, id: string, revision: number, readerIds: readonly string[]) {
  return call(token, 'PUT', `/api/v1/secrets/${id}.json`, {
    secret: {
      revision,
      name: 'Saved again',
      category: 'password',
      strength: 4,
      ...fakeSealedPayload(),
      secret_keys_attributes: readerIds.map((user_id) => ({ user_id, encrypted_value: fakeWrappedKey() })),
    },
  });
}

describe('rotation after access is lost', () => {
  it('a removed member: exactly the secrets they could read, not the hidden ones or other chests', async () => {
    const org = await buildOrganisation();
    await removeAsOwner(org, org.users.member.id);

    const list = await rotations(org.tokens.owner);
    expect(secretNames(list.items)).toEqual(['Mail server', 'Router']);
    expect(list.items[0]).toMatchObject({
      user_id: org.users.member.id,
      user_name: 'Mia Member',
      user_email: org.users.member.email,
      reason: 'removed',
      vault_id: org.chestA.id,
      vault_name: 'Alpha',
      revision: 1,
      marked_for_deletion: false,
    });
    expect(list.totals).toEqual({ to_rotate: 2, rotated: 0 });
  });

  it('a removed administrator did read the hidden secret and the other chest', async () => {
    const org = await buildOrganisation();
    await removeAsOwner(org, org.users.administrator.id);
    const list = await rotations(org.tokens.owner);
    expect(secretNames(list.items)).toEqual(['Mail server', 'Payroll', 'Root key', 'Router']);
  });

  it('a secret deleted for good, or with its chest, takes its rows along (no foreign key: a trigger)', async () => {
    const org = await buildOrganisation();
    await removeAsOwner(org, org.users.administrator.id);
    await context.db.deleteFrom('secrets').where('id', '=', org.a1.id).execute();
    expect(secretNames((await rotations(org.tokens.owner)).items)).toEqual(['Payroll', 'Root key', 'Router']);
    // A chest's secrets cascade from it; their rows follow them.
    await context.db.deleteFrom('vaults').where('id', '=', org.chestA.id).execute();
    expect(secretNames((await rotations(org.tokens.owner)).items)).toEqual(['Payroll']);
    const left = await context.db
      .selectFrom('rotations')
      .select('secret_id')
      .where('secret_id', 'in', [org.a1.id, org.a2.id, org.hidden.id])
      .execute();
    expect(left).toEqual([]);
  });

  it('a new revision takes the secret off the list and the count drops', async () => {
    const org = await buildOrganisation();
    await call(org.tokens.owner, 'DELETE', `/api/v1/users/${org.users.member.id}.json`);
    const readers = org.readersA.filter((id) => id !== org.users.member.id);
    const saved = await save(org.tokens.colleague, org.a1.id, 2, readers);
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await rotations(org.tokens.owner);
    expect(secretNames(list.items)).toEqual(['Router']);
    expect(list.totals).toEqual({ to_rotate: 1, rotated: 1 });

    // The statistics: today's figures so far, and the month's total up to a past day.
    const today = new Date().toISOString().slice(0, 10);
    const organisationId = org.users.owner.organisation_id;
    const figures = (await countFiguresOfDays(context.db, organisationId, today, today)).get(today);
    expect(figures).toMatchObject({ secrets_to_rotate: 1, rotated_this_month: 1 });
    expect(await countRotatedThisMonth(context.db, organisationId, '2020-01-31')).toBe(0);
  });

  it('locking records what the user could read; a team leaving a chest records its members', async () => {
    const org = await buildOrganisation();
    const locked = await call(org.tokens.owner, 'GET', `/api/v1/users/${org.users.otherMember.id}/lock.json`);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(
      secretNames((await rotations(org.tokens.owner, `?user_id=${org.users.otherMember.id}`)).items),
    ).toEqual(['Payroll']);

    const assignment = await context.db
      .selectFrom('assignments')
      .select('id')
      .where('vault_id', '=', org.chestA.id)
      .where('team_id', '=', org.team.id)
      .executeTakeFirstOrThrow();
    // A chest keeps at least one team: another team takes the place of the member's.
    const replacement = await buildTeam(context.db, org.users.owner.organisation_id);
    const relinked = await call(org.tokens.owner, 'PUT', `/api/v1/vaults/${org.chestA.id}.json`, {
      vault: {
        assignments_attributes: [
          { id: assignment.id, _destroy: true },
          { team_id: replacement.id, edit_access: false },
        ],
      },
    });
    expect(relinked.statusCode, relinked.body).toBe(200);
    const byChest = await rotations(org.tokens.owner, `?vault_id=${org.chestA.id}&order=user_name%20asc`);
    // The member and the colleague lost chest A's visible secrets; the manager still reads them
    // (managers read their chests whatever the teams).
    expect(byChest.items.map((item) => item.user_id).sort()).toEqual(
      [org.users.member.id, org.users.member.id, org.users.colleague.id, org.users.colleague.id].sort(),
    );
    expect(byChest.items.every((item) => item.reason === 'access_lost')).toBe(true);
  });

  it('per role: administrators all, managers their chests without hidden, members 403, others 404', async () => {
    const org = await buildOrganisation();
    await call(org.tokens.owner, 'DELETE', `/api/v1/users/${org.users.administrator.id}.json`);
    expect((await rotations(org.tokens.owner)).total).toBe(4);
    const managed = await rotations(org.tokens.manager);
    expect(secretNames(managed.items)).toEqual(['Mail server', 'Router']);
    expect(managed.totals).toEqual({ to_rotate: 2, rotated: 0 });

    const member = await call(org.tokens.member, 'GET', '/api/v1/rotations.json');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: NO_PERMISSION_MESSAGE });

    const stranger = await buildUser(context.db, { administrator: true });
    const strangerToken = await buildSession(context.db, stranger);
    expect((await rotations(strangerToken)).total).toBe(0);
    const [row] = (await rotations(org.tokens.owner)).items;
    const foreign = await call(strangerToken, 'POST', `/api/v1/rotations/${row?.id}/dismiss.json`, {
      reason: 'not mine',
    });
    expect(foreign.statusCode).toBe(404);
    const hiddenRow = (await rotations(org.tokens.owner)).items.find(
      (item) => item.secret_name === 'Root key',
    );
    const byManager = await call(
      org.tokens.manager,
      'POST',
      `/api/v1/rotations/${hiddenRow?.id}/dismiss.json`,
      {
        reason: 'seen',
      },
    );
    expect(byManager.statusCode).toBe(404);
  });

  it('marking as not needing rotation takes a reason and is audited', async () => {
    const org = await buildOrganisation();
    await call(org.tokens.owner, 'DELETE', `/api/v1/users/${org.users.member.id}.json`);
    const [row] = (await rotations(org.tokens.manager)).items;
    const url = `/api/v1/rotations/${row?.id}/dismiss.json`;
    const empty = await call(org.tokens.manager, 'POST', url, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ errors: [requiredMessage('Reason')] });

    const dismissed = await call(org.tokens.manager, 'POST', url, {
      reason: 'Shared login, changed by vendor',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    const list = await rotations(org.tokens.owner);
    expect(list.totals).toEqual({ to_rotate: 1, rotated: 1 });
    expect(
      await auditActions(context.db, { organisationId: org.users.owner.organisation_id }),
    ).toContainEqual(
      expect.stringContaining(
        `as not needing rotation after Mia Member (${org.users.member.email}) lost access: Shared login, changed by vendor`,
      ),
    );
    expect((await call(org.tokens.manager, 'POST', url, { reason: 'again' })).statusCode).toBe(404);
  });

  it('the rotation job adds stale secrets of a policy chest and reminds its managers once', async () => {
    const org = await buildOrganisation();
    const set = await call(org.tokens.owner, 'PUT', `/api/v1/vaults/${org.chestA.id}.json`, {
      vault: { rotation_days: 30 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const deps = {
      db: context.db,
      mailer: context.app.mailer,
      log: context.app.log,
      config: { publicUrl: 'https://coffer.test', rotationReminderDays: 7 },
    };
    const inForty = new Date(Date.now() + 40 * 86_400_000);
    const first = await runRotationChecks(deps, inForty);
    // Chest A's three secrets are 40 days old then; chest B has no policy.
    expect(first.stale).toBe(3);
    const policyRows = (await rotations(org.tokens.owner)).items.filter((item) => item.reason === 'policy');
    expect(secretNames(policyRows)).toEqual(['Mail server', 'Root key', 'Router']);
    expect((await rotations(org.tokens.manager)).total).toBe(2);
    const mails = (await readOutbox(context.config.dataDir)).filter(
      (mail) => mail.to === org.users.manager.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Secrets to rotate in Alpha');
    expect(mails[0]?.text).not.toContain('Mail server');
    const again = await runRotationChecks(deps, new Date(inForty.getTime() + 3_600_000));
    expect(again).toEqual({ stale: 0, reminders: 0 });
  });

  it('a chest rotation policy is validated, audited and for administrators only', async () => {
    const org = await buildOrganisation();
    const url = `/api/v1/vaults/${org.chestA.id}.json`;
    const bad = await call(org.tokens.owner, 'PUT', url, { vault: { rotation_days: 'soon' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Field Rotate every must contain only numeric characters.');
    const zero = await call(org.tokens.owner, 'PUT', url, { vault: { rotation_days: 0 } });
    expect(zero.json().errors[0]).toBe('Field Rotate every must be between 1 and 3650 days.');
    const odd = await call(org.tokens.owner, 'PUT', url, { vault: { rotation_days: [30] } });
    expect(odd.json().errors[0]).toBe('Field Rotate every must contain only numeric characters.');
    const set = await call(org.tokens.owner, 'PUT', url, { vault: { rotation_days: 30 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().rotation_days).toBe(30);
    const cleared = await call(org.tokens.owner, 'PUT', url, { vault: { rotation_days: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().rotation_days).toBeNull();
    const byManager = await call(org.tokens.manager, 'PUT', url, { vault: { rotation_days: 10 } });
    expect(byManager.statusCode).toBe(403);
    expect(await auditActions(context.db, { objectId: org.chestA.id })).toContain(
      'Updated chest Alpha: rotate every 30 days',
    );
  });

  it('a chest may be created with a rotation policy, checked as an update is', async () => {
    const org = await buildOrganisation();
    const body = (name: string, rotation_days: unknown) => ({
      vault: { name, assignments_attributes: [{ team_id: org.team.id }], rotation_days },
    });
    const bad = await call(org.tokens.owner, 'POST', '/api/v1/vaults.json', body('Gamma', '3651'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toBe('Field Rotate every must be between 1 and 3650 days.');
    const none = await call(org.tokens.owner, 'POST', '/api/v1/vaults.json', body('Delta', ''));
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().rotation_days).toBeNull();
    // What the chest form sends for an empty field.
    const nil = await call(org.tokens.owner, 'POST', '/api/v1/vaults.json', body('Zeta', null));
    expect(nil.statusCode, nil.body).toBe(201);
    expect(nil.json().rotation_days).toBeNull();
    const set = await call(org.tokens.owner, 'POST', '/api/v1/vaults.json', body('Gamma', 90));
    expect(set.statusCode, set.body).toBe(201);
    expect(set.json().rotation_days).toBe(90);
    expect(await auditActions(context.db, { objectId: set.json().id })).toContain(
      'Created chest Gamma: rotate every 90 days',
    );
    const byManager = await call(org.tokens.manager, 'POST', '/api/v1/vaults.json', body('Epsilon', 10));
    expect(byManager.statusCode).toBe(403);
  });

  it('a save racing the removal leaves the row at the revision the removed member could read', async () => {
    const org = await buildOrganisation();
    const [removed, saved] = await Promise.all([
      call(org.tokens.owner, 'DELETE', `/api/v1/users/${org.users.member.id}.json`),
      save(org.tokens.colleague, org.a1.id, 2, org.readersA),
    ]);
    expect(removed.statusCode, removed.body).toBe(204);
    const secret = await context.db
      .selectFrom('secrets')
      .select('revision')
      .where('id', '=', org.a1.id)
      .executeTakeFirstOrThrow();
    // Saved first: the member read revision 2 and it is listed at 2. Removed first: the save
    // (keys for a non-reader) is refused and revision 1 stays listed. Never a rotated-looking row
    // the member could still open.
    expect(secret.revision).toBe(saved.statusCode === 200 ? 2 : 1);
    const row = (await rotations(org.tokens.owner)).items.find((item) => item.secret_id === org.a1.id);
    expect(row?.revision).toBe(secret.revision);
    await context.app.keyPurger.idle();
    const keys = await context.db
      .selectFrom('secret_keys')
      .select('id')
      .where('user_id', '=', org.users.member.id)
      .execute();
    expect(keys).toEqual([]);
  });
});
