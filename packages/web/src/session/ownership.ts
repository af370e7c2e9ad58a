import type { OwnerRef, Profile } from '@coffer/core';
import { canUseOwnerActions } from '@coffer/core';
import { useState } from 'react';
import { useProfile } from '../api/accounts-queries.js';
import { useToken } from '../api/token-store.js';

/** Who owns the organisation, as this browser last heard it, and whether that is the signed-in user. */
export interface Ownership {
  /** The organisation's owner for core's rules (canRemoveUser, canToggleAdministrator...). */
  owner: OwnerRef;
  /** The owner's controls (Owner Actions, Delete Permanently): the owner, who is an administrator. */
  isOwner: boolean;
  /**
   * The owner check of the screen runs: the profile, which carries the owner, has not been answered
   * since the screen opened and is being asked (the settings show a loader meanwhile).
   */
  checking: boolean;
}

/**
 * The one reader of `owner_id` in the web app (issue 26): every owner-only control asks this, so a
 * transfer seen by the profile (refetched on focus, on navigation, each minute and after any 403)
 * shows everywhere at once.
 */
export function ownershipOf(profile: Profile | undefined): Ownership {
  if (!profile) return { owner: { owner_id: '' }, isOwner: false, checking: false };
  const owner = { owner_id: profile.owner_id };
  return { owner, isOwner: canUseOwnerActions(profile, owner), checking: false };
}

/**
 * The ownership of the signed-in user's organisation, from the profile query. A screen that opens
 * asks the profile again (app/use-profile-freshness.ts); until that answer, `checking` says so.
 */
export function useOwnership(): Ownership {
  const signedIn = useToken() !== null;
  const profile = useProfile();
  const [openedAt] = useState(Date.now);
  const data = signedIn && profile.data ? profile.data : undefined;
  const asking = profile.isPending || (profile.isFetching && profile.dataUpdatedAt < openedAt);
  return { ...ownershipOf(data), checking: signedIn && asking };
}
