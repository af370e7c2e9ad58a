import type { Chest, Profile, SecretListItem } from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';

/** A secret row as the list answers it. */
export function secretRow(index: number, overrides: Partial<SecretListItem> = {}): SecretListItem {
  return {
    id: `s-${index}`,
    name: `Secret ${String(index).padStart(2, '0')}`,
    category: 'password',
    strength: 3,
    form_fill: false,
    hidden: false,
    vault_id: 'c-1',
    vault: { id: 'c-1', name: 'Operations', manager: false, assignments: [] },
    created_at: '',
    updated_at: '',
    ...overrides,
  };
}

/** A chest as the list answers it; writable through the Ops team unless told otherwise. */
export function chestRow(id: string, name: string, overrides: Partial<Chest> = {}): Chest {
  return {
    id,
    name,
    secret_count: 2,
    created_at: '',
    updated_at: '',
    teams: [{ id: 't-ops', name: 'Ops' }],
    assignments: [{ id: `a-${id}`, vault_id: id, team_id: 't-ops', edit_access: true }],
    users: [],
    ...overrides,
  };
}

/** What the fake server holds for a dashboard test. */
export interface DashboardServer {
  profile?: Partial<Profile>;
  secrets?: SecretListItem[];
  removed?: SecretListItem[];
  chests?: Chest[];
  /** Page size the fake server pages by (the app asks for 20). */
  pageSize?: number;
  /** Adds or overrides routes. */
  extra?: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>;
}

// Pages by cursor: the cursor is the index of the next row, as text.
function page<T>(rows: T[], call: FetchCall, size: number) {
  const url = new URL(call.path, 'http://localhost');
  const start = Number(url.searchParams.get('cursor') ?? url.searchParams.get('offset') ?? '0');
  const items = rows.slice(start, start + size);
  const next = start + size < rows.length ? String(start + size) : null;
  return { body: { items, total: rows.length, next_cursor: next } };
}

function filtered<T extends { name: string }>(rows: T[], call: FetchCall): T[] {
  const filter = new URL(call.path, 'http://localhost').searchParams.get('filter');
  return filter ? rows.filter((row) => row.name.toLowerCase().includes(filter.toLowerCase())) : rows;
}

/** Signs a user in and fakes the dashboard's calls; answers the recorded calls. */
export function serveDashboard(server: DashboardServer = {}): FetchCall[] {
  localStorage.setItem('token', 'tok');
  const size = server.pageSize ?? 20;
  const chests = server.chests ?? [chestRow('c-1', 'Operations'), chestRow('c-2', 'Finance')];
  return mockFetch({
    'GET /api/v1/profile.json': {
      body: buildProfile({ teams: [{ id: 't-ops', name: 'Ops' }], ...server.profile }),
    },
    'GET /api/v1/secrets.json': (call) => {
      const url = new URL(call.path, 'http://localhost');
      const deleted = url.searchParams.get('deleted') === 'true';
      const vault = url.searchParams.get('vault_id');
      const rows = (deleted ? (server.removed ?? []) : (server.secrets ?? [])).filter(
        (row) => !vault || row.vault_id === vault,
      );
      return page(filtered(rows, call), call, size);
    },
    'GET /api/v1/vaults.json': (call) => page(filtered(chests, call), call, size),
    'GET /api/v1/vaults/c-1.json': { body: chests[0] },
    'GET /api/v1/teams.json': {
      body: {
        items: [{ id: 't-ops', memberships: [{ user_id: 'u-1', team_id: 't-ops', edit_access: true }] }],
        total: 1,
      },
    },
    'POST /api/v1/secrets/s-1/mark_for_deletion.json': { body: {} },
    'POST /api/v1/secrets/s-1/unmark_for_deletion.json': { body: {} },
    ...server.extra,
  });
}
