import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionExpired } from '../api/session-expired-event.js';
import { getToken } from '../api/token-store.js';
import { notify } from '../lib/notification-store.js';
import { paths } from '../navigation/paths.js';
import { endSession } from '../session/session-actions.js';

/** The message shown when the server answers 'Signature has expired' (spec section 8). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired.';

/**
 * Subscribes the shell to the API client's session-expired event: clears the session (keeping
 * dark_mode), goes to /login and says so. Several failing requests at once act only once.
 */
export function useSessionExpiryRedirect(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      sessionExpired.subscribe(() => {
        if (!getToken()) return;
        endSession(queryClient);
        void navigate(paths.login, { replace: true });
        notify({ type: 'error', message: SESSION_EXPIRED_MESSAGE });
      }),
    [queryClient, navigate],
  );
}
