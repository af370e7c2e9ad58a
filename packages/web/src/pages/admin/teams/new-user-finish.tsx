import { CopyButton } from '../../../components/secrets/copy-button.js';
import { NEW_USER_TEXT } from './use-new-user-flow.js';
import '../../../components/admin-form/admin-form.css';

/** The instructions FINISH gives (spec section 4), for the administrator to pass on. */
export function newUserInstructions(email: string): string[] {
  return [
    `Confirm the e-mail address with the link we have sent to ${email}.`,
    `Log in with the e-mail ${email} and the generated password above.`,
    'Set a new personal password when asked: only you will know it.',
    'Set up Two-Step Verification if applicable.',
  ];
}

/** Props of FINISH. */
export interface NewUserFinishProps {
  name: string;
  email: string;
  password: string;
  onBack: () => void;
}

/**
 * FINISH of the new-user screen (spec section 4): '{name} has been added', the generated password
 * (shown here once, never stored), the instructions to pass on, and 'Back to Teams'.
 */
export function NewUserFinish({ name, email, password, onBack }: NewUserFinishProps) {
  return (
    <section className="new-user" aria-labelledby="new-user-added">
      <h1 id="new-user-added" className="admin__title">
        {NEW_USER_TEXT.added(name)}
      </h1>
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
        {newUserInstructions(email).map((step) => (
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
