import { Link } from 'react-router';
import { readSuccessMessage } from '../../api/accounts-api.js';
import { useResendConfirmation } from '../../api/accounts-mutations.js';
import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';
import { paths } from '../../navigation/paths.js';
import { WEBMAIL_LINKS } from './register-links.js';
import {
  CONFIRMATION_RESEND_FAILED_MESSAGE,
  CONFIRMATION_RESENT_MESSAGE,
  RESEND_EMAIL_LABEL,
} from './register-messages.js';

/** The emailconfirmation step's body: the address, web-mail links and 'Resend email'. */
export function EmailConfirmationStep({ email }: { email: string }) {
  const resending = useResendConfirmation();
  const sending = resending.isPending;

  const resend = async () => {
    let answer: unknown;
    try {
      answer = await resending.mutateAsync(email);
    } catch (error) {
      notify({ type: 'error', message: serverMessageOf(error) ?? CONFIRMATION_RESEND_FAILED_MESSAGE });
      return;
    }
    notify({ type: 'success', message: readSuccessMessage(answer) ?? CONFIRMATION_RESENT_MESSAGE });
  };

  return (
    <div>
      <p>
        We have sent a confirmation link to <strong data-testid="confirmation-email">{email}</strong>. Open it
        to activate your account, then log in.
      </p>
      <ul className="register__webmail">
        {WEBMAIL_LINKS.map((link) => (
          <li key={link.href}>
            <a
              className="button button--secondary"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <p>
        No email after a few minutes? Check your spam folder or{' '}
        <button type="button" className="link-button" onClick={() => void resend()} disabled={sending}>
          {RESEND_EMAIL_LABEL}
        </button>
        .
      </p>
      <p>
        <Link to={paths.login}>Go to login</Link>
      </p>
    </div>
  );
}
