import { AUTHENTICATOR_LINKS } from './authenticator-links.js';

/** Props of CHOICE: `onNext` starts the setup (it asks for the password); `error` tells why it could not. */
export interface TwoFactorChoiceStepProps {
  onNext: () => void;
  onCancel?: (() => void) | undefined;
  busy?: boolean;
  error?: string | undefined;
}

/** CHOICE: get an authenticator app on the phone, then go on to the code. */
export function TwoFactorChoiceStep({ onNext, onCancel, busy = false, error }: TwoFactorChoiceStepProps) {
  return (
    <div className="two-factor__step">
      <h2 className="two-factor__title">Download an authenticator app</h2>
      <p>
        Two-step verification asks for a code from an app on your phone each time you log in, so your password
        alone is not enough to open your account. Install an authenticator app first:
      </p>
      <ul className="two-factor__apps">
        {AUTHENTICATOR_LINKS.map((link) => (
          <li key={link.platform}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--secondary"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-card__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={onNext} disabled={busy}>
          I have an app
        </button>
      </div>
    </div>
  );
}
