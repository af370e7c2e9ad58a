import type { AuditLogEntry, InvitationRow, Team, UserDetail, UserRow } from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../../test/mock-fetch.js';
import type { AdminServer } from '../chests/admin-fixtures.js';
import { serveAdmin, teamRow } from '../chests/admin-fixtures.js';

/** The default team new users join. */
export const everyone: Team = { ...teamRow('t-all', 'Everyone'), default_for_new_users: true, user_count: 3 };

/** A user row as GET /api/v1/users answers it; the signed-in administrator is u-1, the owner. */
export function userRow(id: string, name: string, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    administrator: false,
    data_administrator: false,
    confirmed_at: '2024-05-01T10:00:00.000Z',
    locked: false,
    owner_id: 'u-1',
    teams: [{ id: everyone.id, name: everyone.name }],
    public_key: 'cHVi',
    created_at: '2024-05-01T10:00:00.000Z',
    updated_at: '2024-05-02T10:00:00.000Z',
    ...overrides,
  };
}

/** A user as GET /api/v1/users/{id} answers it. */
export function userDetail(id: string, name: string, overrides: Partial<UserDetail> = {}): UserDetail {
  return {
    ...userRow(id, name),
    must_change_password: false,
    otp_required_for_login: false,
    memberships: [{ id: `m-${id}-all`, user_id: id, team_id: everyone.id, edit_access: false }],
    permissions: [],
    ...overrides,
  };
}

/** An audit entry. */
export function auditEntry(index: number): AuditLogEntry {
  return {
    id: `a-${index}`,
    created_at: '2024-05-01T10:00:00.000Z',
    action: `Action ${index}`,
    user_string: 'Ada Lovelace',
  };
}

/** The fake server of the team and user screens: the admin area plus users and their activity. */
export interface TeamsServer extends AdminServer {
  users?: UserRow[];
  /** The invitations not accepted yet (none unless given). */
  invitations?: InvitationRow[];
  details?: UserDetail[];
  /** Every entry of the activity log of any user; answered by offset and limit. */
  activity?: AuditLogEntry[];
}

const query = (call: FetchCall) => new URL(call.path, 'http://localhost').searchParams;

/** Signs the owner (an administrator, u-1) in and fakes the admin calls; answers the recorded calls. */
export function serveTeams(server: TeamsServer = {}): FetchCall[] {
  const users = server.users ?? [];
  const routes: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)> = {
    'GET /api/v1/users.json': (call) => {
      const teamId = query(call).get('team_id');
      const items = teamId ? users.filter((user) => user.teams.some((team) => team.id === teamId)) : users;
      return { body: { items, total: items.length } };
    },
    'GET /api/v1/invitations.json': () => {
      const invitations = server.invitations ?? [];
      return { body: { items: invitations, total: invitations.length } };
    },
    'GET /api/v1/audit_log_entries.json': (call) => {
      const entries = server.activity ?? [];
      const offset = Number(query(call).get('offset') ?? 0);
      const limit = Number(query(call).get('limit') ?? 10);
      return { body: { items: entries.slice(offset, offset + limit), total: entries.length } };
    },
  };
  for (const detail of server.details ?? []) routes[`GET /api/v1/users/${detail.id}.json`] = { body: detail };
  return serveAdmin({
    ...server,
    profile: { id: 'u-1', owner_id: 'u-1', ...server.profile },
    teams: server.teams ?? [everyone],
    extra: { ...routes, ...server.extra },
  });
}
