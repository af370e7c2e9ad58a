import type { ListResponse, Membership, Team, TeamWriteRequest } from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { requestOrThrow, requestRaw } from './api-client.js';
import { membershipRequest } from './membership-request.js';
import type { PagePosition } from './paging.js';

/** The most teams a picker lists at once (the server's largest page). */
export const TEAM_CHOICES_LIMIT = 200;

/** Teams to pick from (the Link modal), by name, optionally filtered. */
export function listTeamChoices(filter: string, signal?: AbortSignal): Promise<ListResponse<Team>> {
  return requestOrThrow<ListResponse<Team>>('/api/v1/teams.json', {
    query: { limit: TEAM_CHOICES_LIMIT, offset: 0, filter: filter || undefined, order: 'name asc' },
    ...(signal ? { signal } : {}),
  });
}

const TEAMS = '/api/v1/teams.json';
const teamPath = (id: string) => `/api/v1/teams/${encodeURIComponent(id)}.json`;

/** Filters of the admin teams list. */
export interface TeamListFilter {
  filter?: string;
  /** '<key> asc|desc' with key name, user_count, created_at or updated_at. */
  order?: string;
}

/** One page of teams with their chests and user counts (spec section 7: filter, limit 20, offset). */
export function listTeams(
  { filter, order }: TeamListFilter,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<ListResponse<Team>> {
  return requestOrThrow<ListResponse<Team>>(TEAMS, {
    query: { limit: PAGE_SIZE, ...position, filter: filter || undefined, order },
    ...(signal ? { signal } : {}),
  });
}

/** One team with its members by name (administrators pick chest managers among them). */
export function fetchTeam(id: string, signal?: AbortSignal): Promise<Team> {
  return requestOrThrow<Team>(teamPath(id), signal ? { signal } : {});
}

/**
 * Creates a team with its members and chests (administrators), under the id the caller chose so
 * that the trust log's entries can name it; answers it.
 */
export function createTeam(
  id: string,
  team: TeamWriteRequest['team'],
  intents: readonly MembershipIntent[],
): Promise<Team> {
  return membershipRequest<Team>(TEAMS, 'POST', { team: { ...team, id } }, intents);
}

/** Renames a team and changes its memberships and assignments (ids, `_destroy`); answers it. */
export function updateTeam(
  id: string,
  team: TeamWriteRequest['team'],
  intents: readonly MembershipIntent[],
): Promise<Team> {
  return membershipRequest<Team>(teamPath(id), 'PUT', { team }, intents);
}

/** Deletes a team (never the default one: the server refuses). */
export function deleteTeam(id: string): Promise<unknown> {
  return membershipRequest(teamPath(id), 'DELETE', undefined, [{ kind: 'team-deleted', team: id }]);
}

/**
 * The caller's own team memberships, to mirror write access to chests (edit_access on both the
 * membership and the assignment). Answers null when the server does not list teams to this user;
 * the chest rules then fall back to the assignments alone (the server enforces anyway).
 */
export async function fetchOwnMemberships(
  userId: string,
  signal?: AbortSignal,
): Promise<Membership[] | null> {
  const answer = await requestRaw<ListResponse<Team>>('/api/v1/teams.json', {
    query: { limit: 200, offset: 0 },
    ...(signal ? { signal } : {}),
  });
  if (answer.status !== 200 || typeof answer.json !== 'object' || answer.json === null) return null;
  const teams = Array.isArray(answer.json.items) ? answer.json.items : [];
  return teams.flatMap((team) => (team.memberships ?? []).filter((m) => m.user_id === userId));
}
