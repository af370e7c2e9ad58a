import { describe, expect, it } from 'vitest';
import { hashToken } from '../auth/session-token.js';
import { SCENARIO_ROLES, useChestScenario } from '../test/chest-scenario.js';
import { listAssignmentsOfTeams } from './assignment-repository.js';
import { findCallerAccessRows } from './caller-access-repository.js';
import { parameterise, placeholder } from './fixed-query.js';
import { listManagersOfUser } from './manager-repository.js';
import { listMembershipsOfUser } from './membership-repository.js';
import { findOrganisationById } from './organisation-repository.js';
import { findSessionByTokenHash, findSignedInSession } from './session-repository.js';
import {
  completeUser,
  findUserById,
  SIGNED_IN_USER_COLUMNS,
  USER_SECRET_COLUMNS,
} from './user-repository.js';

// What every signed-in request reads in two statements must be what the single-table lookups read.
describe('the signed-in request queries', () => {
  const setup = useChestScenario();

  it('reads the session, its user without the secret columns, and its organisation, as the lookups of each do', async () => {
    for (const role of SCENARIO_ROLES) {
      const tokenHash = hashToken(setup.scenario.tokens[role]);
      const session = await findSessionByTokenHash(setup.context.db, tokenHash);
      if (!session) throw new Error('the scenario signed everyone in');
      const signedIn = await findSignedInSession(setup.context.db, tokenHash);
      const user = await findUserById(setup.context.db, session.organisation_id, session.user_id);
      expect(signedIn).toStrictEqual({
        session,
        // Every column UsersTable declares (`select *` also reads the ones it leaves out on purpose),
        // but never the password's hash, the sealed keys or the TOTP seed.
        user: user && Object.fromEntries(SIGNED_IN_USER_COLUMNS.map((column) => [column, user[column]])),
        organisation: await findOrganisationById(setup.context.db, session.organisation_id),
      });
    }
    expect(await findSignedInSession(setup.context.db, hashToken('no such token'))).toBeNull();
  });

  it('gives a signed-in caller no secret column, and reads them back whole where a check needs them', async () => {
    const tokenHash = hashToken(setup.scenario.tokens.administrator);
    const signedIn = await findSignedInSession(setup.context.db, tokenHash);
    if (!signedIn) throw new Error('the scenario signed the administrator in');
    for (const column of USER_SECRET_COLUMNS) expect(signedIn.user).not.toHaveProperty(column);
    const whole = await completeUser(setup.context.db, signedIn.organisation.id, signedIn.user);
    expect(whole).toStrictEqual(
      await findUserById(setup.context.db, signedIn.organisation.id, signedIn.user.id),
    );
    expect(whole.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("reads a caller's memberships, managed chests and teams' assignments as the repositories do", async () => {
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    for (const role of SCENARIO_ROLES) {
      const { organisation_id: organisationId, id: userId } = setup.scenario.users[role];
      const memberships = await listMembershipsOfUser(setup.context.db, organisationId, userId);
      const teamIds = memberships.map((membership) => membership.team_id);
      const access = await findCallerAccessRows(setup.context.db, organisationId, userId);
      expect(byId(access.memberships)).toStrictEqual(byId(memberships));
      expect(access.managers).toStrictEqual(
        await listManagersOfUser(setup.context.db, organisationId, userId),
      );
      expect(access.assignments).toStrictEqual(
        await listAssignmentsOfTeams(setup.context.db, organisationId, teamIds),
      );
    }
    // Another organisation's id reaches nothing, whoever the user.
    const elsewhere = setup.scenario.users.stranger.organisation_id;
    expect(
      await findCallerAccessRows(setup.context.db, elsewhere, setup.scenario.users.manager.id),
    ).toStrictEqual({
      memberships: [],
      managers: [],
      assignments: [],
    });
  });

  it('refuses to compile a query that transforms a placeholder, keeps constants', () => {
    const transformed = setup.context.db
      .selectFrom('users')
      .select('id')
      .where('name', 'like', `%${placeholder('name')}%`);
    expect(() => parameterise(transformed)).toThrow(/transformed a placeholder/);
    const query = parameterise(
      setup.context.db.selectFrom('users').select('id').where('id', '=', placeholder('id')).limit(3),
    );
    expect(query.parameters).toStrictEqual([{ placeholder: 'id' }, { constant: 3 }]);
  });
});
