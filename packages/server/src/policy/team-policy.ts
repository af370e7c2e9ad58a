import { notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';

/** Teams a list may show: all (null) for administrators, otherwise the caller's own. */
export function listableTeamIds(access: CallerAccess): string[] | null {
  if (access.actor.administrator) return null;
  return access.memberships.map((membership) => membership.team_id);
}

/** The team if the caller may see it (administrators, members); 404 otherwise. */
export function requireVisibleTeam<T extends { id: string }>(access: CallerAccess, team: T | null): T {
  if (!team) throw notFound();
  if (access.actor.administrator) return team;
  if (!access.memberships.some((membership) => membership.team_id === team.id)) throw notFound();
  return team;
}
