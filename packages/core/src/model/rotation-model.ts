// Rotation after access is lost (issue 31): the secrets someone could read before they lost access
// (removed, locked, or no longer a reader of the chest), and the stale secrets of chests with a
// rotation policy, until a new revision is saved or someone marks them as not needing rotation.
import type { Id, IsoDate, ListResponse } from './common-model.js';

/** Why a secret is on the rotation list. */
export type RotationReason = 'removed' | 'locked' | 'access_lost' | 'policy';

/** One open row of the rotation list: a secret, and who lost access to it when. */
export interface RotationItem {
  id: Id;
  secret_id: Id;
  /** The secret's current name and category (its metadata, never its payload). */
  secret_name: string;
  category: string;
  /** The secret waits in Deleted Secrets: restore it before rotating, or mark the row. */
  marked_for_deletion: boolean;
  vault_id: Id;
  vault_name: string;
  /** The person who lost access; null for a row added by the chest's rotation policy. */
  user_id: Id | null;
  /** As recorded at the loss ('' for the policy's rows): the person may be gone since. */
  user_name: string;
  user_email: string;
  reason: RotationReason;
  lost_at: IsoDate;
  /** The secret's revision at the loss: any later revision rotates it. */
  revision: number;
}

/**
 * Query of `GET api/v1/rotations.json` (administrators: all; chest managers: their chests' visible
 * secrets; 403 for anyone else). `order`: 'lost_at desc' (default), 'user_name asc' (by person) or
 * 'vault_name asc' (by chest); `user_id`, `vault_id` narrow it; `filter` matches the secret's chest
 * or the person's name.
 */
export interface RotationQuery {
  limit?: number;
  offset?: number;
  cursor?: string;
  order?: string;
  filter?: string;
  user_id?: Id;
  vault_id?: Id;
}

/** The progress line: open rows, and rows closed (rotated or marked) in the same scope. */
export interface RotationTotals {
  to_rotate: number;
  rotated: number;
}

/** Answer of `GET api/v1/rotations.json`. */
export interface RotationListResponse extends ListResponse<RotationItem> {
  totals: RotationTotals;
}

/** Body of `POST api/v1/rotations/{id}/dismiss.json`. */
export interface RotationDismissal {
  reason: string;
}
