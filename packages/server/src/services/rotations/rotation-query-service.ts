import {
  formatListOrder,
  type RotationItem,
  type RotationListResponse,
  type RotationQuery,
  type RotationSortKey,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ListQuery } from '../../lists/list-params.js';
import { type ListResource, readListParams, runList } from '../../lists/list-resource.js';
import type { SortSpec } from '../../lists/list-sorts.js';
import { cachedListTotal } from '../../lists/list-total-cache.js';
import { type CallerAccess, requireRotationReach } from '../../policy/index.js';
import { presentRotation } from '../../presenters/rotation-presenter.js';
import { countListRows } from '../../repositories/list-query.js';
import {
  findRotationSecrets,
  type RotationRecord,
  type RotationScope,
  scopeRotations,
  selectRotationRows,
} from '../../repositories/rotation-repository.js';
import type { ServiceContext } from '../service-context.js';

const text = (column: string): SortSpec<RotationScope, RotationRecord> => ({
  column,
  type: 'text',
  index: `rotations_open_${column}_index`,
});

/**
 * The rotation list (issue 31): open rows, newest loss first, or by person or by chest (what the
 * security centre groups by). Its totals may be cached: every write of the table (a loss, a save, a
 * mark, the policy job) runs through runChange, which drops the organisation's cached totals.
 */
export const ROTATION_LIST: ListResource<'rotations', RotationScope, RotationRecord, RotationItem> = {
  name: 'rotations',
  table: 'rotations',
  scope: scopeRotations,
  select: selectRotationRows,
  sorts: {
    lost_at: text('lost_at'),
    user_name: text('user_name'),
    vault_name: text('vault_name'),
  } satisfies Record<RotationSortKey, SortSpec<RotationScope, RotationRecord>>,
  filterColumns: ['user_name', 'user_email', 'vault_name'],
  cacheTotals: true,
  present: presentRotationPage,
};

/**
 * `GET api/v1/rotations` (administrators: every row; chest managers: their chests' visible
 * secrets; 403 otherwise). `user_id` and `vault_id` narrow it to one person or chest. Answers the
 * page with `totals`: rows still to rotate, and rows closed (rotated or marked) in the same scope.
 */
export async function listRotationsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: ListQuery & Pick<RotationQuery, 'user_id' | 'vault_id'>,
): Promise<RotationListResponse> {
  const reach = requireRotationReach(caller);
  const params = readListParams(ROTATION_LIST, {
    ...query,
    // A cursor carries its order: without `order=`, it decides; else newest loss first.
    order: query.cursor && !query.order ? undefined : (query.order ?? formatListOrder('lost_at', 'desc')),
  });
  const scope: RotationScope = {
    organisationId: caller.organisation.id,
    chestIds: reach.chestIds,
    includeHidden: reach.includeHidden,
    userId: query.user_id ?? null,
    vaultId: query.vault_id ?? null,
    open: true,
  };
  const [page, rotated] = await Promise.all([
    runList(ctx.db, ROTATION_LIST, caller, scope, params),
    cachedListTotal(
      scope.organisationId,
      `rotations-closed:${JSON.stringify([scope, params.page.filter])}`,
      () => countListRows(ctx.db, ROTATION_LIST, { ...scope, open: false }, params.page.filter),
    ),
  ]);
  return { ...page, totals: { to_rotate: page.total, rotated } };
}

async function presentRotationPage(
  db: Kysely<Database>,
  caller: CallerAccess,
  rows: RotationRecord[],
): Promise<RotationItem[]> {
  const secrets = await findRotationSecrets(
    db,
    caller.organisation.id,
    rows.map((row) => row.secret_id),
  );
  return rows.map((row) => presentRotation(row, secrets.get(row.secret_id)));
}
