import {
  type PublicKeysResponse,
  type ReaderReason,
  type ReaderRoute,
  readerIdsOf,
  readerRoutesOf,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type CallerAccess, requireAdministrator, requireWritableChest } from '../../policy/index.js';
import { type ChestAccessRows, loadChestAccessRows } from '../../repositories/chest-access-repository.js';
import { findChest } from '../../repositories/chest-repository.js';
import { findTeamsByIds } from '../../repositories/team-repository.js';
import { findPublicKeys } from '../../repositories/user-repository.js';
import type { ServiceContext } from '../service-context.js';
import { type LogActiveUsers, logActiveUsersOnce, restrictToLog } from '../trust-log/log-readers.js';

/**
 * The reader policy's rows of these chests: once the organisation has a trust log, only of the users
 * the log holds active (trust-log/log-readers.ts), as browsers compute readers from the log. Pass one
 * `active` per call when it asks for several chests, so the log's head is read once.
 */
export async function loadReaderRows(
  db: Kysely<Database>,
  organisationId: string,
  chestIds: readonly string[],
  active: LogActiveUsers = logActiveUsersOnce(db, organisationId),
): Promise<ChestAccessRows> {
  const [rows, activeIds] = await Promise.all([loadChestAccessRows(db, organisationId, chestIds), active()]);
  return restrictToLog(rows, activeIds);
}

/**
 * Sub-step of saving, creating and moving secrets: ids of the users who must hold a key of a secret
 * in this chest (hidden or not); with a trust log, of its active users only (loadReaderRows).
 */
export async function loadReaderIds(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  hidden: boolean,
  active?: LogActiveUsers,
): Promise<Set<string>> {
  const rows = await loadReaderRows(db, organisationId, [chestId], active);
  return readerIdsOf(rows, chestId, hidden);
}

/**
 * The public keys to wrap a secret's key for before saving it in this chest: every reader (hidden:
 * administrators only), each with why they read (reader-policy's routes, with the teams' names), so the
 * person confirming a colleague sees what the server claims. For callers who may write there; a hidden
 * list for administrators only.
 */
export async function listChestPublicKeys(
  ctx: ServiceContext,
  caller: CallerAccess,
  chestId: string,
  hidden: boolean,
): Promise<PublicKeysResponse> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const chest = requireWritableChest(caller, await findChest(db, organisationId, chestId));
  if (hidden) requireAdministrator(caller);
  const rows = await loadReaderRows(db, organisationId, [chest.id]);
  const routes = readerRoutesOf(rows, chest.id, hidden);
  const [keys, reasonsOf] = await Promise.all([
    findPublicKeys(db, organisationId, [...routes.keys()]),
    namedReasons(ctx, organisationId, routes),
  ]);
  return {
    items: keys.map(({ user_id, public_key }) => ({ user_id, public_key, reasons: reasonsOf(user_id) })),
  };
}

// Routes with the teams' names; teams are listed by name, after administrator and manager.
async function namedReasons(
  { db }: ServiceContext,
  organisationId: string,
  routes: Map<string, ReaderRoute[]>,
): Promise<(userId: string) => ReaderReason[]> {
  const teamIds = new Set<string>();
  for (const found of routes.values())
    for (const route of found) if (route.kind === 'team') teamIds.add(route.team_id);
  const teams = await findTeamsByIds(db, organisationId, [...teamIds]);
  const rank = new Map(teams.map((team, index) => [team.id, index]));
  const names = new Map(teams.map((team) => [team.id, team.name]));
  return (userId) => {
    const found = routes.get(userId) ?? [];
    const teamsRead = found
      .flatMap((route) => (route.kind === 'team' ? [route.team_id] : []))
      .sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
      .map((team_id): ReaderReason => ({ kind: 'team', team_id, team_name: names.get(team_id) ?? '' }));
    const roles = found.filter((route): route is ReaderReason => route.kind !== 'team');
    return [...roles, ...teamsRead];
  };
}
