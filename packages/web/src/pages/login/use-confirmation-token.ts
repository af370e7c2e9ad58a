import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirmAccount, readSuccessMessage } from '../../api/accounts-api.js';
import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';
import { ACCOUNT_CONFIRMATION_FAILED_MESSAGE, ACCOUNT_CONFIRMED_MESSAGE } from './login-messages.js';

/** The query parameter of the confirmation e-mail's link (`/login?confirmation_token=...`). */
export const CONFIRMATION_TOKEN_PARAM = 'confirmation_token';

/**
 * Confirms the account when /login carries a confirmation token: the token leaves the address bar
 * at once (replace, so it is neither in history nor in later referrers), the confirmation call is
 * made once, and a notification tells how it went.
 */
export function useConfirmationToken(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const params = new URLSearchParams(location.search);
  const token = params.get(CONFIRMATION_TOKEN_PARAM);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token; the location is read as it was then
  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    const rest = new URLSearchParams(location.search);
    rest.delete(CONFIRMATION_TOKEN_PARAM);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
    void confirmAccount(token).then(
      (answer) =>
        notify({ type: 'success', message: readSuccessMessage(answer) ?? ACCOUNT_CONFIRMED_MESSAGE }),
      (error: unknown) =>
        notify({ type: 'error', message: serverMessageOf(error) ?? ACCOUNT_CONFIRMATION_FAILED_MESSAGE }),
    );
  }, [token]);
}
