import type { Chest, Profile, Team } from '@coffer/core';
import type { SecretRow } from '../../../api/secrets-api.js';
import type { FakeAnswer, FetchCall } from '../../../test/mock-fetch.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { buildProfile } from '../../../test/profile-fixture.js';

/** A team with members as GET /api/v1/teams/{id} answers it. */
export function teamRow(id: string, name: string, members: Team['members'] = []): Team {
  return {
    id,
    name,
    default_for_new_users: false,
    memberships: [],
    assignments: [],
    created_at: '',
    updated_at: '',
    members,
  };
}

/** A member of a team. */
export function member(id: string, name: string, administrator = false) {
  return {
    id,
    name,
    email: `${id}@example.com`,
    administrator,
    membership_id: `m-${id}`,
    edit_access: false,
  };
}

/** A chest as the admin lists answer it. */
export function adminChest(id: string, name: string, overrides: Partial<Chest> = {}): Chest {
  return {
    id,
    name,
    secret_count: 1,
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-02T10:00:00.000Z',
    teams: [],
    assignments: [],
    users: [],
    ...overrides,
  };
}

/** A secret row as the admin lists answer it. */
export function adminSecret(id: string, name: string, overrides: Partial<SecretRow> = {}): SecretRow {
  return {
    id,
    name,
    category: 'password',
    strength: 4,
    form_fill: false,
    hidden: false,
    vault_id: 'c-1',
    vault: { id: 'c-1', name: 'Operations', manager: false, assignments: [] },
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-02T10:00:00.000Z',
    ...overrides,
  };
}

/** What the fake server holds for an admin test; `extra` adds or overrides routes. */
export interface AdminServer {
  profile?: Partial<Profile>;
  chests?: Chest[];
  secrets?: SecretRow[];
  deleted?: SecretRow[];
  teams?: Team[];
  extra?: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;
}

const list = <T>(items: T[]) => ({ body: { items, total: items.length } });

/** Signs an administrator in and fakes the admin area's calls; answers the recorded calls. */
export function serveAdmin(server: AdminServer = {}): FetchCall[] {
  localStorage.setItem('token', 'tok');
  const chests = server.chests ?? [];
  const teams = server.teams ?? [];
  const routes: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)> = {
    'GET /api/v1/profile.json': { body: buildProfile({ administrator: true, ...server.profile }) },
    'GET /api/v1/vaults.json': list(chests),
    'GET /api/v1/secrets.json': (call) =>
      new URL(call.path, 'http://localhost').searchParams.get('deleted') === 'true'
        ? list(server.deleted ?? [])
        : list(server.secrets ?? []),
    'GET /api/v1/teams.json': (call) => {
      const filter = new URL(call.path, 'http://localhost').searchParams.get('filter')?.toLowerCase() ?? '';
      return list(teams.filter((team) => team.name.toLowerCase().includes(filter)));
    },
  };
  for (const team of teams) routes[`GET /api/v1/teams/${team.id}.json`] = { body: team };
  for (const chest of chests) routes[`GET /api/v1/vaults/${chest.id}.json`] = { body: chest };
  return mockFetch({ ...routes, ...server.extra });
}

/** The JSON body a call sent. */
export function bodyOf(call: FetchCall | undefined): unknown {
  return call ? JSON.parse(String(call.init.body)) : undefined;
}
