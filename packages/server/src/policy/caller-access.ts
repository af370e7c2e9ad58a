import type { Actor } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../db/schema.js';
import type { AssignmentRecord } from '../repositories/assignment-repository.js';
import { findCallerAccessRows } from '../repositories/caller-access-repository.js';
import type { ManagerRecord } from '../repositories/manager-repository.js';
import type { MembershipRecord } from '../repositories/membership-repository.js';
import type { Organisation } from '../repositories/organisation-repository.js';
import type { SignedInUser } from '../repositories/user-repository.js';

/**
 * Everything the policy needs to decide for one caller, loaded once per request: who they are,
 * their memberships, the assignments of their teams and the chests they manage. Core's permission
 * rules filter these lists themselves, so the same context answers for every chest.
 */
export interface CallerAccess {
  /** Without the password's hash and sealed keys (SignedInUser): load them where a check needs them. */
  user: SignedInUser;
  organisation: Organisation;
  /** The session the request came with (step-up checks read its password_verified_at). */
  session: SessionRow;
  actor: Actor;
  memberships: readonly MembershipRecord[];
  assignments: readonly AssignmentRecord[];
  managers: readonly ManagerRecord[];
}

/** Loads the caller's access context (one statement); app.authenticate calls it once per request. */
export async function loadCallerAccess(
  db: Kysely<Database>,
  signedIn: Pick<CallerAccess, 'user' | 'organisation' | 'session'>,
): Promise<CallerAccess> {
  const { user, organisation, session } = signedIn;
  const { memberships, managers, assignments } = await findCallerAccessRows(db, organisation.id, user.id);
  return {
    user,
    organisation,
    session,
    actor: { id: user.id, administrator: user.administrator },
    memberships,
    assignments,
    managers,
  };
}
