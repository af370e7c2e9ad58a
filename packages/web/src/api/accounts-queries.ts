import type { Profile } from '@coffer/core';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clearSession } from '../lib/clear-session.js';
import { fetchInvitation } from './accounts-api.js';
import { PROFILE_PATH } from './accounts-profile-api.js';
import { fetchBackupCodes } from './accounts-two-factor-api.js';
import { requestRaw } from './api-client.js';
import { ApiError } from './api-error.js';
import { useToken } from './token-store.js';

/** Query keys of the signed-in user's own account and of the screens before sign-in. */
export const accountQueryKeys = {
  profile: ['session', 'profile'] as const,
  backupCodes: ['two-factor', 'backup-codes'] as const,
  invitation: (token: string | null) => ['register', 'invitation', token] as const,
};

/**
 * Loads the profile; a 401 ends the session (spec section 4) and answers null. It reads the raw
 * answer because a 401 is an answer here, not a failure.
 */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  const answer = await requestRaw<Profile>(PROFILE_PATH, signal ? { signal } : {});
  if (answer.status === 401) {
    clearSession();
    return null;
  }
  if (
    answer.status >= 200 &&
    answer.status < 300 &&
    typeof answer.json === 'object' &&
    answer.json !== null
  ) {
    return answer.json;
  }
  throw new ApiError(answer.status, undefined);
}

/** The profile query, for reading it outside a component (the welcome flow's ensureQueryData). */
export function profileQuery() {
  return queryOptions({
    queryKey: accountQueryKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
  });
}

/** How often an open session asks for its profile again: the owner and the roles it carries may change elsewhere. */
export const PROFILE_REFRESH_MS = 60_000;

/**
 * The signed-in user's profile through TanStack Query; idle while there is no token. It follows
 * changes made elsewhere (issue 26: an ownership transfer, an administrator flag): asked again each
 * minute while the tab is seen and whenever the tab is shown again; the shell also refreshes it on
 * navigation and after any 403 (app/use-profile-freshness.ts).
 */
export function useProfile() {
  const token = useToken();
  return useQuery({
    ...profileQuery(),
    enabled: token !== null,
    staleTime: PROFILE_REFRESH_MS,
    refetchInterval: PROFILE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * The recovery codes right after two-step is turned on: fetched once `enabled`, kept while the
 * setup shows them, dropped on unmount.
 */
export function useNewBackupCodes(enabled: boolean) {
  return useQuery({
    queryKey: accountQueryKeys.backupCodes,
    queryFn: fetchBackupCodes,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** What an invitation link prefills on the register form; fails when the invitation is unknown. */
export function useInvitationDetails(token: string | null) {
  return useQuery({
    queryKey: accountQueryKeys.invitation(token),
    queryFn: async () => {
      const details = await fetchInvitation(token ?? '');
      if (!details) throw new ApiError(200, undefined);
      return details;
    },
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Seeds the profile of a new session with the one sign-in answered, so that nothing fetches it again. */
export function seedProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(accountQueryKeys.profile, profile);
}

/** Refetches the profile after a change the server made to it (two-step on, a first secret, a flag). */
export function refreshProfile(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountQueryKeys.profile });
}
