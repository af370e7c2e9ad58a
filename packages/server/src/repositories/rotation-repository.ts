import type { RotationReason } from '@coffer/core';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { uuidV7 } from '../db/uuid-v7.js';
import { chunkIds } from './list-paging.js';
import { sameOrganisation } from './organisation-check.js';

// The rotation list's rows (issue 31). A row is open while `outcome` is null; the list's partial
// indexes (migration 2026-12-07-0001) hold open rows only.

/** A stored row of the rotation list. */
export interface RotationRecord {
  id: string;
  secret_id: string;
  vault_id: string;
  vault_name: string;
  user_id: string | null;
  user_name: string;
  user_email: string;
  reason: RotationReason;
  lost_at: string;
  revision: number;
}

/**
 * Adds the stale secrets of one chest with a rotation policy: live secrets whose last revision is
 * older than `cutoff` and that have no open policy row. Answers how many were added.
 */
export async function recordStaleSecrets(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  cutoff: string,
  at: string,
): Promise<number> {
  const stale = await db
    .selectFrom('secrets as s')
    .select(['s.id', 's.vault_id', 's.vault_name', 's.revision'])
    .where('s.organisation_id', '=', organisationId)
    .where('s.vault_id', '=', chestId)
    .where('s.deleted_at', 'is', null)
    .where('s.updated_at', '<', cutoff)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('rotations as r')
            .select('r.id')
            .whereRef('r.secret_id', '=', 's.id')
            .where('r.reason', '=', 'policy')
            .where('r.outcome', 'is', null),
        ),
      ),
    )
    .execute();
  for (const chunk of chunkIds(stale, 200)) {
    await db
      .insertInto('rotations')
      .values(
        chunk.map((secret) => ({
          id: uuidV7(),
          organisation_id: organisationId,
          secret_id: secret.id,
          vault_id: secret.vault_id,
          vault_name: secret.vault_name,
          user_id: null,
          user_name: '',
          user_email: '',
          reason: 'policy',
          lost_at: at,
          revision: secret.revision,
        })),
      )
      .execute();
  }
  return stale.length;
}

/** A new revision was saved: the secret's open rows of earlier revisions are rotated. */
export async function closeRotatedRows(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  revision: number,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('rotations')
    .set({ outcome: 'rotated', closed_at: at, closed_by: userId })
    .where('organisation_id', '=', organisationId)
    .where('secret_id', '=', secretId)
    .where('outcome', 'is', null)
    .where('revision', '<', revision)
    .execute();
}

/** Marks one open row as not needing rotation; answers whether it was open. */
export async function dismissRotationRow(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  userId: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('rotations')
    .set({ outcome: 'dismissed', closed_at: at, closed_by: userId, dismiss_reason: reason })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A secret moved to another chest: its rows follow it (managers see their chests' rows). */
export async function moveRotationRows(
  db: Kysely<Database>,
  organisationId: string,
  secretId: string,
  chest: { id: string; name: string },
): Promise<void> {
  // Open and closed rows apart: each has its own index by secret (migration 2026-12-07-0061).
  for (const open of [true, false]) {
    await db
      .updateTable('rotations')
      .set({ vault_id: chest.id, vault_name: chest.name })
      .where('organisation_id', '=', organisationId)
      .where('secret_id', '=', secretId)
      .where('outcome', open ? 'is' : 'is not', null)
      .execute();
  }
}

/** A chest was renamed: its rows carry the new name, so the list sorts by it. */
export async function renameRotationsChest(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  name: string,
): Promise<void> {
  await db
    .updateTable('rotations')
    .set({ vault_name: name })
    .where('organisation_id', '=', organisationId)
    .where('vault_id', '=', chestId)
    .execute();
}

/** One open row, with whether its secret is hidden (for the caller's rights), or null. */
export async function findOpenRotation(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<(RotationRecord & { hidden: boolean; secret_name: string }) | null> {
  const row = await db
    .selectFrom('rotations as r')
    .innerJoin('secrets as s', 's.id', 'r.secret_id')
    .select([...ROW_COLUMNS, 's.hidden', 's.name as secret_name'])
    .where('r.organisation_id', '=', organisationId)
    .where('r.id', '=', id)
    .where('r.outcome', 'is', null)
    .executeTakeFirst();
  return row ? { ...toRecord(row), hidden: Boolean(row.hidden), secret_name: row.secret_name } : null;
}

/**
 * What a caller's rotation list holds: the organisation's rows, or those of some chests
 * (`chestIds`; managers), visible secrets only unless `includeHidden`, narrowed to one person or
 * chest; open rows (the list) or closed ones (the progress line's "rotated").
 */
export interface RotationScope {
  organisationId: string;
  chestIds: readonly string[] | null;
  includeHidden: boolean;
  userId: string | null;
  vaultId: string | null;
  open: boolean;
}

/** Restricts the rotations table to a scope's rows; null when it lists none. */
export function scopeRotations(
  query: SelectQueryBuilder<Database, 'rotations', object>,
  scope: RotationScope,
): SelectQueryBuilder<Database, 'rotations', object> | null {
  if (scope.chestIds?.length === 0) return null;
  let scoped = query
    .where('rotations.organisation_id', '=', scope.organisationId)
    .where('rotations.outcome', scope.open ? 'is' : 'is not', null);
  if (scope.chestIds) scoped = scoped.where('rotations.vault_id', 'in', scope.chestIds);
  if (scope.userId) scoped = scoped.where('rotations.user_id', '=', scope.userId);
  if (scope.vaultId) scoped = scoped.where('rotations.vault_id', '=', scope.vaultId);
  if (!scope.includeHidden) {
    // Managers read no hidden secret: a hidden secret's rows are the administrators'.
    scoped = scoped.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('secrets as hs')
          .select('hs.id')
          .whereRef('hs.id', '=', 'rotations.secret_id')
          .where('hs.hidden', '=', false),
      ),
    );
  }
  return scoped;
}

const ROW_COLUMNS = [
  'r.id',
  'r.secret_id',
  'r.vault_id',
  'r.vault_name',
  'r.user_id',
  'r.user_name',
  'r.user_email',
  'r.reason',
  'r.lost_at',
  'r.revision',
] as const;

type RotationRow = Omit<RotationRecord, 'reason'> & { reason: string };

function toRecord(row: RotationRow): RotationRecord {
  return {
    id: row.id,
    secret_id: row.secret_id,
    vault_id: row.vault_id,
    vault_name: row.vault_name,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    reason: row.reason as RotationReason,
    lost_at: row.lost_at,
    revision: Number(row.revision),
  };
}

/** Reads a page of the rotation list. */
export async function selectRotationRows(
  query: SelectQueryBuilder<Database, 'rotations', object>,
): Promise<RotationRecord[]> {
  const rows = await query
    .select([
      'rotations.id',
      'rotations.secret_id',
      'rotations.vault_id',
      'rotations.vault_name',
      'rotations.user_id',
      'rotations.user_name',
      'rotations.user_email',
      'rotations.reason',
      'rotations.lost_at',
      'rotations.revision',
    ])
    .execute();
  return rows.map(toRecord);
}

/** The name, category and state of a page's secrets. */
export async function findRotationSecrets(
  db: Kysely<Database>,
  organisationId: string,
  secretIds: readonly string[],
): Promise<Map<string, { name: string; category: string; deleted: boolean }>> {
  const found = new Map<string, { name: string; category: string; deleted: boolean }>();
  for (const chunk of chunkIds([...new Set(secretIds)])) {
    // By id: an equality on organisation_id made SQLite walk the organisation's 100,000 secrets for
    // a page's 20 (42 ms of a 57 ms page, bench rotation-list).
    const rows = await db
      .selectFrom('secrets')
      .select(['id', 'name', 'category', 'deleted_at'])
      .where(sameOrganisation('organisation_id', organisationId))
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) {
      found.set(row.id, { name: row.name, category: row.category, deleted: row.deleted_at !== null });
    }
  }
  return found;
}

const distinctSecrets = (eb: ExpressionBuilder<Database, 'rotations'>) =>
  eb.fn.count<number>('secret_id').distinct().as('count');

/** Statistics: the organisation's secrets with an open row (a secret two people lost counts once). */
export async function countSecretsToRotate(db: Kysely<Database>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('rotations')
    .select(distinctSecrets)
    .where('organisation_id', '=', organisationId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Statistics: secrets rotated (a new revision closed a row) in `[from, to)`. */
export async function countRotatedSecrets(
  db: Kysely<Database>,
  organisationId: string,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .selectFrom('rotations')
    .select(distinctSecrets)
    .where('organisation_id', '=', organisationId)
    .where('outcome', '=', 'rotated')
    .where('closed_at', '>=', from)
    .where('closed_at', '<', to)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A chest with a rotation policy, across organisations (the rotation job reads them a page at a time). */
export interface PolicyChest {
  id: string;
  organisation_id: string;
  rotation_days: number;
}

/** Chests with a rotation policy, by id after `afterId`, at most `limit`. */
export async function listPolicyChests(
  db: Kysely<Database>,
  afterId: string,
  limit: number,
): Promise<PolicyChest[]> {
  const rows = await db
    .selectFrom('vaults')
    .select(['id', 'organisation_id', 'rotation_days'])
    .where('rotation_days', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, rotation_days: Number(row.rotation_days) }));
}

/** A chest whose managers are due a reminder: how many open rows it has. */
export interface ReminderChest {
  id: string;
  organisation_id: string;
  name: string;
  open: number;
}

/**
 * Chests with open rows whose managers were not reminded since `remindedBefore`, by id after
 * `afterId`, at most `limit`.
 */
export async function listChestsDueReminder(
  db: Kysely<Database>,
  remindedBefore: string,
  afterId: string,
  limit: number,
): Promise<ReminderChest[]> {
  const rows = await db
    .selectFrom('rotations as r')
    .innerJoin('vaults as v', (join) =>
      join.onRef('v.id', '=', 'r.vault_id').onRef('v.organisation_id', '=', 'r.organisation_id'),
    )
    .select(['v.id', 'v.organisation_id', 'v.name', (eb) => eb.fn.countAll<number>().as('open')])
    .where('r.outcome', 'is', null)
    .where('v.id', '>', afterId)
    .where((eb) =>
      eb.or([eb('v.rotation_reminded_at', 'is', null), eb('v.rotation_reminded_at', '<', remindedBefore)]),
    )
    .groupBy(['v.id', 'v.organisation_id', 'v.name'])
    .orderBy('v.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, open: Number(row.open) }));
}

/** The managers of a chest who can be mailed (not locked). */
export async function findChestManagerAddresses(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
): Promise<{ name: string; email: string }[]> {
  return db
    .selectFrom('vault_managers as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.name', 'u.email'])
    .where('m.organisation_id', '=', organisationId)
    .where('m.vault_id', '=', chestId)
    .where('u.locked', '=', false)
    .execute();
}

/** Notes that the chest's managers were reminded now. */
export async function markChestReminded(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('vaults')
    .set({ rotation_reminded_at: at })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', chestId)
    .execute();
}
