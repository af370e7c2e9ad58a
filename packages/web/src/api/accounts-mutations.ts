import type { Profile, ProfileUpdateRequest } from '@coffer/core';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendConfirmation } from './accounts-api.js';
import { updateProfile } from './accounts-profile-api.js';
import { accountQueryKeys, refreshProfile } from './accounts-queries.js';
import {
  activateTwoFactor,
  disableTwoFactor,
  fetchBackupCodes,
  fetchTwoFactorCode,
} from './accounts-two-factor-api.js';
import { ApiError } from './api-error.js';

// Changes of the signed-in user's own account: each a mutation that keeps the cached profile true.

/**
 * Puts a change the server took into the cached profile. A profile fetch still under way (a refresh
 * after a navigation or another call's 403) may have been answered before the change, so it is
 * cancelled first: landing after the patch, it would put the old profile back (a personal password
 * set, then the home screen sent back to set it again).
 */
async function patchProfile(queryClient: QueryClient, patch: Partial<Profile>): Promise<void> {
  await queryClient.cancelQueries({ queryKey: accountQueryKeys.profile });
  queryClient.setQueryData<Profile | null>(accountQueryKeys.profile, (profile) =>
    profile ? { ...profile, ...patch } : profile,
  );
}

/** Saves the display name or a welcome flag; the profile takes the change and what the server answered. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: ProfileUpdateRequest['user']) => updateProfile(user),
    onSuccess: (answer, user) => patchProfile(queryClient, { ...user, ...(answer ?? {}) }),
  });
}

/**
 * Saves the theme on the profile. The switch has already changed the page, so the profile shows it
 * at once and a failed save is left unsaid, as the theme stays stored in this browser.
 */
export function useSaveDarkMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dark: boolean) => updateProfile({ dark_mode: dark }),
    onMutate: (dark) => patchProfile(queryClient, { dark_mode: dark }),
  });
}

/**
 * A password change whose keys `change` makes and sends in this browser; once it succeeded the profile
 * holds the re-sealed key fields and no longer asks for a personal password.
 */
export function useChangePassword<V, O extends { ok: true; sealed: Partial<Profile> } | { ok: false }>(
  change: (variables: V) => Promise<O>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (outcome) => {
      if ('sealed' in outcome)
        return patchProfile(queryClient, { ...outcome.sealed, must_change_password: false });
    },
  });
}

/**
 * An e-mail change whose keys `change` makes and sends in this browser. The change waits for the
 * link mailed to the new address, so the profile keeps its e-mail and shows the pending one.
 */
export function useChangeEmail<V, O extends { ok: true; pendingEmail: string } | { ok: false }>(
  change: (variables: V) => Promise<O>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (outcome) => {
      if (outcome.ok) return patchProfile(queryClient, { pending_email: outcome.pendingEmail });
    },
  });
}

/**
 * Proves the password to the server (`prove` derives the auth hash in this browser and sends it);
 * the session then counts as freshly verified for the guarded call that follows.
 */
export function useProvePassword<V, O>(prove: (variables: V) => Promise<O>) {
  return useMutation({ mutationFn: prove });
}

/**
 * Starts two-step setup: a new seed (key and QR code) each time, the previous pending one replaced.
 * The session must have just proven the password.
 */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async () => {
      const setup = await fetchTwoFactorCode();
      // An empty answer is a failure with no message of the server's to show.
      if (!setup) throw new ApiError(200, undefined);
      return setup;
    },
  });
}

/** Turns two-step on with a code from the authenticator app (the password proven within five minutes). */
export function useActivateTwoFactor() {
  return useMutation({ mutationFn: (code: string) => activateTwoFactor(code) });
}

/** Turns two-step off (the session must have just proven the password). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (outcome) => {
      if (outcome.ok) return patchProfile(queryClient, { otp_required_for_login: false });
    },
  });
}

/** Replaces the recovery codes with new ones (the old ones stop working). */
export function useRenewBackupCodes() {
  return useMutation({ mutationFn: fetchBackupCodes });
}

/** Refetches the profile after two-step setup (the server set otp_required_for_login on activation). */
export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => refreshProfile(queryClient) });
}

/** Sends the confirmation e-mail of a new account again. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: (email: string) => resendConfirmation(email) });
}
