import { MAIL_NOT_SENT_MESSAGE } from '@coffer/core';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { paths } from '../../navigation/paths.js';
import { useConfirmationResend } from '../login/use-confirmation-resend.js';
import { WEBMAIL_LINKS } from './register-links.js';
import { RESEND_EMAIL_LABEL } from './register-messages.js';

/**
 * The emailconfirmation step's body: the address, web-mail links and 'Resend email'. When the
 * registration's mail did not leave (`mailSent` false), it says so instead of claiming it was sent.
 */
export function EmailConfirmationStep({ email, mailSent }: { email: string; mailSent: boolean }) {
  const { resend, sending } = useConfirmationResend();

  return (
    <div>
      {mailSent ? (
        <p>
          We have sent a confirmation link to <strong data-testid="confirmation-email">{email}</strong>. Open
          it to activate your account, then log in.
        </p>
      ) : (
        <>
          <ErrorBanner errors={[MAIL_NOT_SENT_MESSAGE]} />
          <p>
            Your account is ready, but the confirmation link to{' '}
            <strong data-testid="confirmation-email">{email}</strong> could not be sent. Ask for it again with
            'Resend email' below.
          </p>
        </>
      )}
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
        <button type="button" className="link-button" onClick={() => void resend(email)} disabled={sending}>
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
