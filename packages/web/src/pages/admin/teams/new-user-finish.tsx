import { MAIL_NOT_SENT_MESSAGE } from '@coffer/core';
import { useState } from 'react';
import { ErrorBanner } from '../../../components/form-fields/error-banner.js';
import { CopyButton } from '../../../components/secrets/copy-button.js';
import { NEW_USER_TEXT } from './use-new-user-flow.js';
import { useUserConfirmationResend } from './use-user-confirmation-resend.js';
import '../../../components/admin-form/admin-form.css';

/** The label of the resend a FINISH without its mail offers (the spec's 'Resend email'). */
export const RESEND_EMAIL_LABEL = 'Resend email';

/**
 * The instructions FINISH gives (spec section 4), for the administrator to pass on. While the
 * confirmation mail has not left, the first one does not claim it was sent.
 */
export function newUserInstructions(email: string, mailSent = true): string[] {
  return [
    mailSent
      ? `Confirm the e-mail address with the link we have sent to ${email}.`
      : `Confirm the e-mail address with the link in the confirmation email to ${email}, once it has been resent.`,
    `Log in with the e-mail ${email} and the generated password above.`,
    'Set a new personal password when asked: only you will know it.',
    'Set up Two-Step Verification if applicable.',
  ];
}

/** Props of FINISH. */
export interface NewUserFinishProps {
  id: string;
  name: string;
  email: string;
  password: string;
  /** Whether the confirmation mail left when the user was added. */
  mailSent: boolean;
  onBack: () => void;
}

/**
 * FINISH of the new-user screen (spec section 4): '{name} has been added', the generated password
 * (shown here once, never stored), the instructions to pass on, and 'Back to Teams'. When the
 * confirmation mail did not leave, 'Could not send email successfully.' and 'Resend email' until a
 * resend goes out.
 */
export function NewUserFinish({ id, name, email, password, mailSent, onBack }: NewUserFinishProps) {
  const [sent, setSent] = useState(mailSent);
  const confirmation = useUserConfirmationResend();
  const resend = async () => {
    if (await confirmation.resend({ id, email })) setSent(true);
  };
  return (
    <section className="new-user" aria-labelledby="new-user-added">
      <h1 id="new-user-added" className="admin__title">
        {NEW_USER_TEXT.added(name)}
      </h1>
      {sent ? null : (
        <div>
          <ErrorBanner errors={[MAIL_NOT_SENT_MESSAGE]} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void resend()}
            disabled={confirmation.sending}
          >
            {confirmation.sending ? 'Sending…' : RESEND_EMAIL_LABEL}
          </button>
        </div>
      )}
      <p className="admin-form__hint">
        Pass the generated password on to {name} in person or over a channel you trust. It is shown only now.
      </p>
      <div className="new-user__password">
        <span className="admin-form__hint">Generated password</span>
        <code className="new-user__password-value" data-testid="generated-password">
          {password}
        </code>
        <CopyButton value={password} label="Password" />
      </div>
      <ol className="new-user__steps" aria-label="Instructions">
        {newUserInstructions(email, sent).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div>
        <button type="button" className="button button--primary" data-autofocus onClick={onBack}>
          Back to Teams
        </button>
      </div>
    </section>
  );
}
