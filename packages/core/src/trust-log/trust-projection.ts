import type { TrustState } from './trust-state.js';

/*
 * What decides who reads, as one plain canonical object (issue 30): the owner, each active user's
 * administrator flag and key, each team's active members with their edit access, each chest's
 * assigned teams and managers. The server builds it from its rows and the browsers from the folded
 * log, through the same normalisation below, so that "the log describes the rows" is one equality
 * of canonicalJson texts. Names, e-mails and everything else the log or the rows hold are left out:
 * they decide nobody's reading.
 */

export interface TrustProjection {
  owner: string;
  /** Active users only. */
  users: Record<string, { admin: boolean; public_key: string }>;
  /** Non-empty teams only: member id → edit access. */
  teams: Record<string, Record<string, boolean>>;
  /** Chests with a team or a manager only: team id → Write, and the sorted manager ids. */
  chests: Record<string, { teams: Record<string, boolean>; managers: string[] }>;
}

/** The rows a projection is made of; the caller has already left out whoever is not active. */
export interface TrustProjectionRows {
  owner: string;
  users: Iterable<{ id: string; admin: boolean; public_key: string }>;
  memberships: Iterable<{ team: string; user: string; edit: boolean }>;
  assignments: Iterable<{ chest: string; team: string; edit: boolean }>;
  managers: Iterable<{ chest: string; user: string }>;
}

// An object whose keys were inserted in sorted order, so that even JSON.stringify is canonical.
function sortedRecord<V>(entries: Iterable<[string, V]>): Record<string, V> {
  const list = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(list);
}

function grouped<V>(pairs: Iterable<[string, string, V]>): Map<string, Map<string, V>> {
  const groups = new Map<string, Map<string, V>>();
  for (const [outer, inner, value] of pairs) {
    let group = groups.get(outer);
    if (!group) {
      group = new Map();
      groups.set(outer, group);
    }
    group.set(inner, value);
  }
  return groups;
}

/** The canonical projection of these rows (empty teams and chests dropped, everything sorted). */
export function projectTrustRows(rows: TrustProjectionRows): TrustProjection {
  const users = sortedRecord(
    [...rows.users].map((user): [string, { admin: boolean; public_key: string }] => [
      user.id,
      { admin: user.admin, public_key: user.public_key },
    ]),
  );
  const teams = grouped(
    [...rows.memberships].map((row): [string, string, boolean] => [row.team, row.user, row.edit]),
  );
  const chestTeams = grouped(
    [...rows.assignments].map((row): [string, string, boolean] => [row.chest, row.team, row.edit]),
  );
  const chestManagers = grouped(
    [...rows.managers].map((row): [string, string, true] => [row.chest, row.user, true]),
  );
  const chestIds = new Set([...chestTeams.keys(), ...chestManagers.keys()]);
  // Keys in sorted order at every level (chests, owner, teams, users; managers, teams).
  return {
    chests: sortedRecord(
      [...chestIds].map((chest) => [
        chest,
        {
          managers: [...(chestManagers.get(chest)?.keys() ?? [])].sort(),
          teams: sortedRecord(chestTeams.get(chest) ?? []),
        },
      ]),
    ),
    owner: rows.owner,
    teams: sortedRecord([...teams].map(([team, members]) => [team, sortedRecord(members)])),
    users,
  };
}

/** The projection of a folded state: what its log says decides who reads. */
export function trustProjection(state: TrustState): TrustProjection {
  const active = [...state.users.values()].filter((user) => user.active);
  const activeIds = new Set(active.map((user) => user.id));
  return projectTrustRows({
    owner: state.owner,
    users: active.map((user) => ({ id: user.id, admin: user.admin, public_key: user.publicKey })),
    memberships: [...state.teams].flatMap(([team, members]) =>
      [...members].filter(([user]) => activeIds.has(user)).map(([user, edit]) => ({ team, user, edit })),
    ),
    assignments: [...state.chests].flatMap(([chest, { teams }]) =>
      [...teams].map(([team, edit]) => ({ chest, team, edit })),
    ),
    managers: [...state.chests].flatMap(([chest, { managers }]) =>
      [...managers].filter((user) => activeIds.has(user)).map((user) => ({ chest, user })),
    ),
  });
}
