// Answers of the secret and key calls that clients act on (api.md): the web app shows them as given,
// and on READERS_CHANGED_MESSAGE refetches the chest's public keys and saves again.

/** 409 on a save whose revision is not the stored one + 1. */
export const STALE_REVISION_MESSAGE = 'This secret was changed by someone else. Reload it and try again.';
/** 409 when the wrapped keys miss someone who must read the secret. */
export const READERS_CHANGED_MESSAGE =
  'The people who can read this chest have changed. Please reload and try again.';
/** 400 when a wrapped key is for someone who may not read the secret. */
export const KEY_FOR_STRANGER_MESSAGE = 'A key was shared with someone who has no access to this chest.';
/** 400 for a move into the chest the secret is in; the web app refuses it the same way before saving. */
export const SAME_CHEST_MESSAGE = 'The secret is already in this chest.';
/** 403 for a caller who may see an object but not change it. */
export const NO_PERMISSION_MESSAGE = 'You do not have permission to do that.';
/** Manager changes (spec section 8). */
export const ALREADY_MANAGER_MESSAGE = 'User already has management access';
/** Manager changes (spec section 8). */
export const NOT_A_MANAGER_MESSAGE = 'User is not a manager';
