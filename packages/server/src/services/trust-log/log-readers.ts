import type { TrustState } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChestAccessRows } from '../../repositories/chest-access-repository.js';
import { findTrustLogHead } from '../../repositories/trust-log-repository.js';
import { listOrganisationUserIds } from '../../repositories/user-repository.js';
import { trustStateAt } from './trust-state-cache.js';

/*
 * Issue 30: once an organisation has a trust log, its readers are the log's readers. Browsers wrap
 * only for the users the verified log holds active (core's readers(state, chest, hidden)), so the
 * server counts only those users wherever it decides who must hold a secret's key: the chest's
 * public keys, the key-cover checks of saves, moves and creates, the recipients of a delivery and the
 * missing-key pairs. A user in a team whom the log has not admitted (invited, Pending, awaiting
 * confirmation) is ignored there until an admission lands. Without a log nothing changes.
 */

// The active ids of a state, worked out once per state (states are immutable and cached).
const activeOfState = new WeakMap<TrustState, ReadonlySet<string>>();

/** The ids of the users the state holds active. */
export function activeUserIdsOf(state: TrustState): ReadonlySet<string> {
  let found = activeOfState.get(state);
  if (!found) {
    found = new Set([...state.users.values()].filter((user) => user.active).map((user) => user.id));
    activeOfState.set(state, found);
  }
  return found;
}

/** The users the log holds active, or undefined when the organisation has no log. */
export type LogActiveUsers = () => Promise<ReadonlySet<string> | undefined>;

/**
 * For one call: the users the organisation's log holds active (undefined without a log), read on the
 * first ask only (the head once, then the per-process state: trust-state-cache.ts), so a call that
 * asks for several chests reads the head once and a call that never asks reads nothing.
 */
export function logActiveUsersOnce(db: Kysely<Database>, organisationId: string): LogActiveUsers {
  let read: Promise<ReadonlySet<string> | undefined> | undefined;
  return () => {
    read ??= (async () => {
      const head = await findTrustLogHead(db, organisationId);
      return head ? activeUserIdsOf(await trustStateAt(db, organisationId, head)) : undefined;
    })();
    return read;
  };
}

/**
 * The reader policy's rows restricted to the log's active users (administrators, memberships,
 * managers); the rows as they are without a log.
 */
export function restrictToLog(
  rows: ChestAccessRows,
  active: ReadonlySet<string> | undefined,
): ChestAccessRows {
  if (!active) return rows;
  return {
    administratorIds: rows.administratorIds.filter((id) => active.has(id)),
    assignments: rows.assignments,
    memberships: rows.memberships.filter((row) => active.has(row.user_id)),
    managers: rows.managers.filter((row) => active.has(row.user_id)),
  };
}

/**
 * The organisation's users its trust log does not hold active (none without a log): their missing
 * pairs are not listed nor counted, since browsers wrap only for the log's readers. Usually few (the invited and
 * Pending), so they are left out of the query rather than the many active ones listed.
 */
export async function usersOutsideLog(db: Kysely<Database>, organisationId: string): Promise<string[]> {
  const active = await logActiveUsersOnce(db, organisationId)();
  if (!active) return [];
  return (await listOrganisationUserIds(db, organisationId)).filter((id) => !active.has(id));
}
