import type { Profile } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { PROFILE_PATH } from '../api/accounts-profile-api.js';
import { ApiError, requestRaw } from '../api/index.js';
import { useToken } from '../api/token-store.js';
import { clearSession } from '../lib/clear-session.js';

/** Query key of the signed-in user's profile; set it with queryClient.setQueryData after a change. */
export const profileQueryKey = ['session', 'profile'] as const;

/** Loads the profile; a 401 ends the session (spec section 4) and answers null. */
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

/** The signed-in user's profile through TanStack Query; idle while there is no token. */
export function useProfile() {
  const token = useToken();
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: token !== null,
    staleTime: 60_000,
  });
}
