import type { ListResponse, Team } from '@coffer/core';
import { requestOrThrow, requestRaw } from '../../api/api-client.js';
import { fetchTeam } from '../../api/teams-api.js';
import { sessionCleared } from '../../lib/clear-session.js';

/** How the app names a person it asks about: what the server says their name and e-mail are. */
export interface PersonName {
  name: string;
  email: string;
}

const TEAMS_PAGE = 200;

// Names already looked up (null: looked for and not found), for the session's life.
const known = new Map<string, PersonName | null>();
sessionCleared.subscribe(() => known.clear());

function asPersonName(value: unknown): PersonName | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, email } = value as Partial<PersonName>;
  return typeof name === 'string' && typeof email === 'string' ? { name, email } : null;
}

// The spec's user resource (`GET api/v1/users/{id}.json`), where the server has it.
async function fromUserResource(id: string, signal?: AbortSignal): Promise<PersonName | null> {
  const answer = await requestRaw(`/api/v1/users/${encodeURIComponent(id)}.json`, signal ? { signal } : {});
  return answer.status === 200 ? asPersonName(answer.json) : null;
}

// Else the members of the teams the caller sees (administrators see every team).
async function fromTeams(ids: Set<string>, found: Map<string, PersonName>, signal?: AbortSignal) {
  for (let offset = 0; ids.size > 0; offset += TEAMS_PAGE) {
    const page = await requestOrThrow<ListResponse<Team>>('/api/v1/teams.json', {
      query: { limit: TEAMS_PAGE, offset },
      ...(signal ? { signal } : {}),
    });
    for (const team of page.items) {
      if (!(team.memberships ?? []).some((membership) => ids.has(membership.user_id))) continue;
      for (const member of (await fetchTeam(team.id, signal)).members ?? []) {
        if (!ids.delete(member.id)) continue;
        found.set(member.id, { name: member.name, email: member.email });
      }
      if (ids.size === 0) return;
    }
    if (page.items.length < TEAMS_PAGE || offset + TEAMS_PAGE >= page.total) return;
  }
}

/**
 * Names people by id for the confirmation dialog and list: the user resource, else team members.
 * Names and e-mails come from the server and only help to tell who to compare with; the key
 * fingerprint, computed in this browser from the very key to be trusted, is what a person confirms.
 * Ids it cannot name are left out of the answer.
 */
export async function lookUpPeople(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, PersonName>> {
  const found = new Map<string, PersonName>();
  const unknown = new Set<string>();
  for (const id of new Set(ids)) {
    const name = known.get(id);
    if (name) found.set(id, name);
    else if (name === undefined) unknown.add(id);
  }
  if (unknown.size === 0) return found;
  const answers = await Promise.all(
    [...unknown].map(async (id) => [id, await fromUserResource(id, signal).catch(() => null)] as const),
  );
  for (const [id, name] of answers) {
    if (!name) continue;
    found.set(id, name);
    known.set(id, name);
    unknown.delete(id);
  }
  const missing = new Set(unknown);
  if (missing.size > 0) await fromTeams(missing, found, signal).catch(() => undefined);
  for (const id of unknown) known.set(id, found.get(id) ?? null);
  return found;
}
