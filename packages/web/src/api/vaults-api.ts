import type {
  AssignmentAttributes,
  Chest,
  ListResponse,
  PublicKeyEntry,
  PublicKeysResponse,
} from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { requestOrThrow } from './api-client.js';
import { membershipRequest } from './membership-request.js';
import type { PagePosition } from './paging.js';

/** Filters of the chest lists. */
export interface ChestListFilter {
  filter?: string;
  /** Administrators: every chest of the organisation, not only their teams'. */
  everything?: boolean;
  /** Related objects: 'teams' (teams and assignments), 'users' (members and managers). */
  options?: readonly string[];
  /** '<key> asc|desc' with key name, secret_count, team_count, created_at or updated_at. */
  order?: string;
}

/** What a chest save sends (spec section 7): the name and the assignment changes, and its rotation policy. */
export interface ChestWrite {
  /** Absent: the name stays. */
  name?: string;
  assignments_attributes: AssignmentAttributes[];
  /** 'Rotate every N days' (issue 31), null for none; absent: the policy stays. */
  rotation_days?: number | null;
}

const VAULTS = '/api/v1/vaults.json';
const vaultPath = (id: string, action = '') =>
  `/api/v1/vaults/${encodeURIComponent(id)}${action ? `/${action}` : ''}.json`;

/** One page of chests with their teams (spec section 7: filter, limit 20, offset, options [teams]). */
export function listChests(
  { filter, everything, options = ['teams'], order }: ChestListFilter,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<ListResponse<Chest> & { next_cursor?: string | null }> {
  return requestOrThrow(VAULTS, {
    query: {
      limit: PAGE_SIZE,
      ...position,
      filter: filter || undefined,
      everything: everything ? true : undefined,
      options,
      order,
    },
    ...(signal ? { signal } : {}),
  });
}

/**
 * Every chest the caller sees (all pages) with teams, assignments, members and managers: what the
 * pickers and the write-access rules need. Follows the server's cursor, else offsets, to the total.
 */
export async function listAllChests(everything: boolean, signal?: AbortSignal): Promise<Chest[]> {
  const chests: Chest[] = [];
  let position: PagePosition = { offset: 0 };
  for (;;) {
    const page = await listChests({ everything, options: ['teams', 'users'] }, position, signal);
    chests.push(...page.items);
    if (page.items.length < PAGE_SIZE || chests.length >= page.total) return chests;
    position = page.next_cursor ? { cursor: page.next_cursor } : { offset: chests.length };
  }
}

/** One chest by id, with the related objects asked for (`teams`, `users`). */
export function fetchChest(
  id: string,
  options: readonly string[] = [],
  signal?: AbortSignal,
): Promise<Chest> {
  return requestOrThrow<Chest>(vaultPath(id), {
    ...(options.length > 0 ? { query: { options } } : {}),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Creates a chest linked to its first teams (administrators), under the id the caller chose so that
 * the trust log's entries can name it; answers it with teams and users.
 */
export function createChest(
  id: string,
  chest: ChestWrite,
  intents: readonly MembershipIntent[],
): Promise<Chest> {
  return membershipRequest<Chest>(
    VAULTS,
    'POST',
    { vault: { ...chest, id }, options: ['users', 'teams'] },
    intents,
  );
}

/** Renames a chest and changes its teams (administrators); answers it with teams and users. */
export function updateChest(
  id: string,
  chest: ChestWrite,
  intents: readonly MembershipIntent[],
): Promise<Chest> {
  return membershipRequest<Chest>(
    vaultPath(id),
    'PUT',
    { vault: chest, options: ['users', 'teams'] },
    intents,
  );
}

/** Deletes a chest with all its secrets (administrators). */
export function deleteChest(id: string): Promise<unknown> {
  return membershipRequest(vaultPath(id), 'DELETE', undefined, [{ kind: 'chest-deleted', chest: id }]);
}

/** Makes a user a manager of the chest ('promote') or takes it back ('demote'). */
export function changeChestManager(id: string, userId: string, change: 'promote' | 'demote'): Promise<Chest> {
  return membershipRequest<Chest>(vaultPath(id, change), 'POST', { user_id: userId }, [
    { kind: 'manager', chest: id, user: userId, present: change === 'promote' },
  ]);
}

/**
 * The public keys of everyone who must read a secret in this chest (api.md); `hidden` asks for the
 * administrators only, for secrets hidden from users. Wrap the secret key for exactly these.
 */
export async function fetchChestPublicKeys(id: string, hidden: boolean): Promise<PublicKeyEntry[]> {
  const answer = await requestOrThrow<PublicKeysResponse>(vaultPath(id, 'public_keys'), {
    query: { hidden },
  });
  return answer.items;
}
