import type { ListResponse, Membership, Team } from '@coffer/core';
import { requestOrThrow, requestRaw } from './api-client.js';

/** The most teams a picker lists at once (the server's largest page). */
export const TEAM_CHOICES_LIMIT = 200;

/** Teams to pick from (the Link modal), by name, optionally filtered. */
export function listTeamChoices(filter: string, signal?: AbortSignal): Promise<ListResponse<Team>> {
  return requestOrThrow<ListResponse<Team>>('/api/v1/teams.json', {
    query: { limit: TEAM_CHOICES_LIMIT, offset: 0, filter: filter || undefined, order: 'name asc' },
    ...(signal ? { signal } : {}),
  });
}

/** One team with its members by name (administrators pick chest managers among them). */
export function fetchTeam(id: string, signal?: AbortSignal): Promise<Team> {
  return requestOrThrow<Team>(`/api/v1/teams/${encodeURIComponent(id)}.json`, signal ? { signal } : {});
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
