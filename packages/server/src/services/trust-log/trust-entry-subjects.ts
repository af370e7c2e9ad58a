import type { TrustEntry } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { notFound } from '../../errors/policy-errors.js';
import { findChestsByIds } from '../../repositories/chest-repository.js';
import { findTeamIdsInOrganisation } from '../../repositories/team-repository.js';
import { findPublicKeys } from '../../repositories/user-repository.js';

/** The 422 of a key the entry binds that is not the one the server holds for that user. */
export const TRUST_ENTRY_KEY_MESSAGE = 'The entry binds a key that is not the user’s current public key.';

/** What an entry names: users, the key it binds to one of them, teams and chests. */
interface Subjects {
  users: string[];
  key?: { user: string; publicKey: string };
  teams: string[];
  chests: string[];
}

function subjectsOf(entry: TrustEntry): Subjects {
  const none = { users: [], teams: [], chests: [] };
  switch (entry.op) {
    case 'genesis':
      return { ...none, users: [entry.actor], key: { user: entry.actor, publicKey: entry.body.public_key } };
    case 'admit':
    case 'key':
    case 'reset':
      return {
        ...none,
        users: [entry.body.user],
        key: { user: entry.body.user, publicKey: entry.body.public_key },
      };
    case 'role':
    case 'remove':
    case 'owner':
      return { ...none, users: [entry.body.user] };
    case 'team_member':
      return { ...none, users: [entry.body.user], teams: [entry.body.team] };
    // A deleted team's entry may follow the team's row; what it ends is in the log already.
    case 'team_delete':
      return none;
    case 'chest_team':
      return { ...none, teams: [entry.body.team], chests: [entry.body.chest] };
    case 'chest_manager':
      return { ...none, users: [entry.body.user], chests: [entry.body.chest] };
    case 'snapshot':
      return {
        users: [
          ...entry.body.teams.flatMap((team) => team.members.map((member) => member.user)),
          ...entry.body.chests.flatMap((chest) => chest.managers),
        ],
        teams: [
          ...entry.body.teams.map((team) => team.team),
          ...entry.body.chests.flatMap((chest) => chest.teams.map((assignment) => assignment.team)),
        ],
        chests: entry.body.chests.map((chest) => chest.chest),
      };
  }
}

/**
 * Sub-step of appendTrustEntry: every user, team and chest the entry names is one of this
 * organisation's (else 404, as any foreign id is), and a key it binds is the key the server holds
 * for that user (else 422), so that the log and the users table describe the same keys.
 */
export async function requireEntrySubjects(
  db: Kysely<Database>,
  organisationId: string,
  entry: TrustEntry,
): Promise<void> {
  const subjects = subjectsOf(entry);
  const userIds = [...new Set(subjects.users)];
  const teamIds = [...new Set(subjects.teams)];
  const chestIds = [...new Set(subjects.chests)];
  const [keys, teams, chests] = await Promise.all([
    findPublicKeys(db, organisationId, userIds),
    findTeamIdsInOrganisation(db, organisationId, teamIds),
    findChestsByIds(db, organisationId, chestIds),
  ]);
  if (
    keys.length !== userIds.length ||
    teams.length !== teamIds.length ||
    chests.length !== chestIds.length
  ) {
    throw notFound();
  }
  const { key } = subjects;
  if (key && keys.find((row) => row.user_id === key.user)?.public_key !== key.publicKey) {
    throw AppError.unprocessable(TRUST_ENTRY_KEY_MESSAGE);
  }
}
