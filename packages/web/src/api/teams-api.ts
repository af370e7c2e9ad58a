import type { ListResponse, Membership, Team } from '@coffer/core';
import { requestRaw } from './api-client.js';

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
