import type { RotationItem, RotationReason } from '@coffer/core';
import type { RotationGrouping } from '../../api/rotations-api.js';

/** A run of rows that share a person or a chest, as the list shows them under one heading. */
export interface RotationGroup {
  key: string;
  heading: string;
  rows: RotationItem[];
}

/** How a row came onto the list, in words. */
export const REASON_TEXT: Record<RotationReason, string> = {
  removed: 'removed',
  locked: 'locked',
  access_lost: 'lost access',
  policy: 'rotation policy',
};

/** The person a row names: "Name (email)", or the chest's policy for a stale secret. */
export function personOf(row: RotationItem): string {
  return row.user_id === null ? 'Rotation policy' : `${row.user_name} (${row.user_email})`;
}

/**
 * Groups rows that arrive in the grouping's order (the server sorts by person or by chest), so
 * each group is one run of consecutive rows; a group continued on the next page joins its run.
 */
export function groupRotations(rows: readonly RotationItem[], grouping: RotationGrouping): RotationGroup[] {
  const groups: RotationGroup[] = [];
  for (const row of rows) {
    const key = grouping === 'person' ? (row.user_id ?? 'policy') : row.vault_id;
    const last = groups[groups.length - 1];
    if (last?.key === key) {
      last.rows.push(row);
      continue;
    }
    groups.push({ key, heading: grouping === 'person' ? personOf(row) : row.vault_name, rows: [row] });
  }
  return groups;
}

/** The progress line: '12 of 31 rotated' (rows closed, of every row in the caller's reach). */
export function progressText(totals: { to_rotate: number; rotated: number }): string {
  return `${totals.rotated} of ${totals.to_rotate + totals.rotated} rotated`;
}
