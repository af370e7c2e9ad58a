import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { confirmEmailChange, readSuccessMessage } from '../../api/accounts-api.js';
import { serverMessageOf } from '../../api/api-error.js';
import { FormCard } from '../../components/form-fields/form-card.js';
import { useSessionActions } from '../../session/use-session.js';
import {
  EMAIL_CHANGE_CONFIRM_FAILED_MESSAGE,
  EMAIL_CHANGE_CONFIRM_TITLE,
  EMAIL_CHANGE_CONFIRMING,
  EMAIL_CHANGED_MESSAGE,
} from './email-change-messages.js';

/** The query parameter of the link mailed to the new address (`/email_change?email_change_token=…`). */
export const EMAIL_CHANGE_TOKEN_PARAM = 'email_change_token';

type Outcome = { state: 'working' } | { state: 'done' | 'failed'; message: string };

/**
 * /email_change, the page the link mailed to a new address opens, signed in or not. The token leaves
 * the address bar at once (replace: not in history nor in later referrers), the confirmation is sent
 * once, and the page says how it went. A confirmed change ended every session, so 'Sign in' ends
 * this browser's too (logOut) and opens the sign-in page.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const { logOut } = useSessionActions();
  const sent = useRef(false);
  const [token] = useState(() => new URLSearchParams(location.search).get(EMAIL_CHANGE_TOKEN_PARAM));
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'working' } : { state: 'failed', message: EMAIL_CHANGE_CONFIRM_FAILED_MESSAGE },
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the location is read as it was then
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void navigate({ pathname: location.pathname, search: '' }, { replace: true });
    confirmEmailChange(token).then(
      (answer) => setOutcome({ state: 'done', message: readSuccessMessage(answer) ?? EMAIL_CHANGED_MESSAGE }),
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          message: serverMessageOf(error) ?? EMAIL_CHANGE_CONFIRM_FAILED_MESSAGE,
        }),
    );
  }, [token]);

  return (
    <FormCard title={EMAIL_CHANGE_CONFIRM_TITLE}>
      {outcome.state === 'working' ? (
        <p role="status">{EMAIL_CHANGE_CONFIRMING}</p>
      ) : (
        <>
          <p role={outcome.state === 'done' ? 'status' : 'alert'}>{outcome.message}</p>
          <button type="button" className="button button--primary" onClick={() => void logOut()}>
            Sign in
          </button>
        </>
      )}
    </FormCard>
  );
}
