// Inputs of the permission rules: plain data the server's policy module builds from the database
// (and the web app from API answers). Rules filter these lists themselves, so a caller may pass
// all rows of the organisation or only the relevant ones.
import type { Id } from '../model/index.js';

/** Who is acting: enough of a user to decide. */
export interface Actor {
  id: Id;
  administrator: boolean;
}

/** Enough of an organisation to know its owner. */
export interface OwnerRef {
  owner_id: Id;
}

/** A user's membership in a team; `edit_access` lets them write where the team may. */
export interface AccessMembership {
  user_id: Id;
  team_id: Id;
  edit_access: boolean;
}

/** A team's assignment to a chest; `edit_access` lets the team write there. */
export interface AccessAssignment {
  team_id: Id;
  vault_id: Id;
  edit_access: boolean;
}

/** A manager row: this user manages this chest. */
export interface ChestManager {
  user_id: Id;
  vault_id: Id;
}

/**
 * Everything needed to decide a user's access to one chest.
 * - `memberships`: at least the user's own memberships (others are ignored).
 * - `assignments`: at least the assignments of `chestId` (others are ignored).
 * - `managers`: at least the manager rows of the user or the chest (others are ignored).
 */
export interface AccessContext {
  user: Actor;
  chestId: Id;
  memberships: readonly AccessMembership[];
  assignments: readonly AccessAssignment[];
  managers: readonly ChestManager[];
}

/** Access to one secret: its chest's context plus its "Don't show this secret to users" flag. */
export interface SecretAccessContext extends AccessContext {
  hidden: boolean;
}
