import { notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';

/** Teams a list may show: all (null) for administrators, otherwise the caller's own. */
export function listableTeamIds(caller: CallerAccess): string[] | null {
  if (caller.actor.administrator) return null;
  return caller.memberships.map((membership) => membership.team_id);
}

/** The team if the caller may see it (administrators, members); 404 otherwise. */
export function requireVisibleTeam<T extends { id: string }>(caller: CallerAccess, team: T | null): T {
  if (!team) throw notFound();
  if (caller.actor.administrator) return team;
  if (!caller.memberships.some((membership) => membership.team_id === team.id)) throw notFound();
  return team;
}
