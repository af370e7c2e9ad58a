import type { UserRow } from '@coffer/core';

/** The users table's Permissions cell (spec section 3): Admin or User. */
export function permissionLabel(user: Pick<UserRow, 'administrator'>): 'Admin' | 'User' {
  return user.administrator ? 'Admin' : 'User';
}

/** The users table's Status cell (spec section 3): Accepted once confirmed, else Pending. */
export function confirmationLabel(user: Pick<UserRow, 'confirmed_at'>): 'Accepted' | 'Pending' {
  return user.confirmed_at ? 'Accepted' : 'Pending';
}

/** The word for a locked user: the Block toggle's. */
export const BLOCKED_LABEL = 'Blocked';

/** The tag of a user who sees the statistics dashboard (issue 12). */
export const DATA_ADMINISTRATOR_LABEL = 'Data administrator';
