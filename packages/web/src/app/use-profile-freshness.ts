import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { accessRefused } from '../api/access-refused-event.js';
import { PROFILE_PATH } from '../api/accounts-profile-api.js';
import { refreshProfile } from '../api/accounts-queries.js';
import { getToken } from '../api/token-store.js';

/**
 * Keeps the profile, and with it the owner and the roles the screens read, in step with changes made
 * in another browser (issue 26): it is asked again at each navigation and after any 403 of another
 * call (the profile's own 403 would only ask again for the same answer). The profile query itself
 * adds a refetch each minute and when the tab is shown again.
 */
export function useProfileFreshness(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    // The first screen reads the profile it just loaded; only a move to another one asks again.
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (getToken()) void refreshProfile(queryClient);
  }, [pathname, queryClient]);

  useEffect(
    () =>
      accessRefused.subscribe((path) => {
        if (path === PROFILE_PATH || !getToken()) return;
        void refreshProfile(queryClient);
      }),
    [queryClient],
  );
}
