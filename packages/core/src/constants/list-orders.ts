// The orders each list accepts (`order=<key> asc|desc`): every column an admin table shows, each
// served by an index on the server (docs/server.md, "Adding a list"). Rows with equal values follow
// their id, so paging by `next_cursor` never skips or repeats a row.

/** A list's direction. */
export type SortDirection = 'asc' | 'desc';

/** `GET api/v1/vaults`: chests. */
export const CHEST_SORT_KEYS = ['name', 'secret_count', 'team_count', 'created_at', 'updated_at'] as const;
/** `GET api/v1/secrets`: live secrets (the dashboard, a chest, the admin list with `everything`). */
export const SECRET_SORT_KEYS = [
  'name',
  'strength',
  'category',
  'vault_name',
  'updated_at',
  'created_at',
] as const;
/** `GET api/v1/secrets?deleted=true`: secrets marked for deletion (Deleted Secrets). */
export const DELETED_SECRET_SORT_KEYS = ['name', 'category', 'vault_name', 'deleted_at'] as const;
/** `GET api/v1/teams`: teams (`user_count`: their members). */
export const TEAM_SORT_KEYS = ['name', 'user_count', 'created_at', 'updated_at'] as const;
/** `GET api/v1/users`: users (administrators). */
export const USER_SORT_KEYS = ['name', 'email', 'created_at'] as const;
/** `GET api/v1/audit_log_entries`: the audit log, newest first ('created_at desc'). */
export const AUDIT_LOG_SORT_KEYS = ['created_at'] as const;

/** `GET api/v1/rotations`: the rotation list, newest loss first; by person or by chest for grouping. */
export const ROTATION_SORT_KEYS = ['lost_at', 'user_name', 'vault_name'] as const;

export type ChestSortKey = (typeof CHEST_SORT_KEYS)[number];
export type SecretSortKey = (typeof SECRET_SORT_KEYS)[number];
export type DeletedSecretSortKey = (typeof DELETED_SECRET_SORT_KEYS)[number];
export type TeamSortKey = (typeof TEAM_SORT_KEYS)[number];
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export type AuditLogSortKey = (typeof AUDIT_LOG_SORT_KEYS)[number];
export type RotationSortKey = (typeof ROTATION_SORT_KEYS)[number];

/** The audit log's order: newest first. */
export const AUDIT_LOG_ORDER = 'created_at desc';

/** The order every list starts in when `order=` is not given. */
export const DEFAULT_LIST_ORDER = 'name asc';

/** `order=` for a key and direction, as the lists read it. */
export function formatListOrder(key: string, direction: SortDirection): string {
  return `${key} ${direction}`;
}
