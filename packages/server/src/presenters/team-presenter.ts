import type { Membership, NamedRef, Team, TeamMember } from '@coffer/core';
import type { AssignmentRecord } from '../repositories/assignment-repository.js';
import type { MembershipRecord } from '../repositories/membership-repository.js';
import type { TeamRecord } from '../repositories/team-repository.js';
import { presentAssignment } from './chest-presenter.js';

/** What a team answer carries besides the team. */
export interface TeamExtras {
  memberships: MembershipRecord[];
  assignments: AssignmentRecord[];
  vaults: NamedRef[];
  members?: TeamMember[];
}

/** A membership as the API shows it. */
export function presentMembership(membership: MembershipRecord): Membership {
  return {
    id: membership.id,
    user_id: membership.user_id,
    team_id: membership.team_id,
    edit_access: membership.edit_access,
  };
}

/** A team as the API shows it (spec section 3, "Team"). */
export function presentTeam(team: TeamRecord, extras: TeamExtras): Team {
  return {
    id: team.id,
    name: team.name,
    default_for_new_users: team.default_for_new_users,
    memberships: extras.memberships.map(presentMembership),
    assignments: extras.assignments.map(presentAssignment),
    vaults: extras.vaults,
    user_count: team.user_count,
    created_at: team.created_at,
    updated_at: team.updated_at,
    ...(extras.members ? { members: extras.members } : {}),
  };
}
