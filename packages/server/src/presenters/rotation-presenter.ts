import type { RotationItem } from '@coffer/core';
import type { RotationRecord } from '../repositories/rotation-repository.js';

/** A row of the rotation list with its secret's current name and category (metadata only). */
export function presentRotation(
  row: RotationRecord,
  secret: { name: string; category: string; deleted: boolean } | undefined,
): RotationItem {
  return {
    id: row.id,
    secret_id: row.secret_id,
    secret_name: secret?.name ?? '',
    category: secret?.category ?? '',
    marked_for_deletion: secret?.deleted ?? false,
    vault_id: row.vault_id,
    vault_name: row.vault_name,
    user_id: row.user_id,
    user_name: row.user_name,
    user_email: row.user_email,
    reason: row.reason,
    lost_at: row.lost_at,
    revision: row.revision,
  };
}
