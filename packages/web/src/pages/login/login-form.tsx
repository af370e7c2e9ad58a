import {
  canSubmitLogin,
  normaliseEmailInput,
  UNCONFIRMED_ACCOUNT_MESSAGE,
  validateLogin,
} from '@coffer/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { useMarkedFields } from '../../components/form-fields/use-marked-fields.js';
import { paths } from '../../navigation/paths.js';
import { RESEND_CONFIRMATION_LABEL } from './login-messages.js';
import { useConfirmationResend } from './use-confirmation-resend.js';

/**
 * The Login state: e-mail and password; Login is enabled only when both are filled (spec section 5).
 * When sign-in answers that the address is not confirmed yet, the confirmation mail can be asked for again.
 */
export function LoginForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  onSubmit: (email: string, password: string) => void;
}) {
  const marked = useMarkedFields();
  const [values, setValues] = useState({ email: '', password: '' });
  const confirmation = useConfirmationResend();
  const set = (field: 'email' | 'password', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    marked.edited(field);
  };

  return (
    <form
      noValidate
      aria-label="Login"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !marked.show(validateLogin(values))) return;
        onSubmit(values.email, values.password);
      }}
    >
      <ErrorBanner errors={error ? [...marked.errors, error] : marked.errors} />
      {error === UNCONFIRMED_ACCOUNT_MESSAGE ? (
        <p>
          <button
            type="button"
            className="link-button"
            onClick={() => void confirmation.resend(normaliseEmailInput(values.email))}
            disabled={confirmation.sending}
          >
            {RESEND_CONFIRMATION_LABEL}
          </button>
        </p>
      ) : null}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        value={values.email}
        onValueChange={(value) => set('email', value)}
        invalid={marked.isMarked('email')}
        readOnly={busy}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onValueChange={(value) => set('password', value)}
        invalid={marked.isMarked('password')}
        readOnly={busy}
      />
      {busy ? (
        <p className="form-status" role="status">
          Unlocking your account…
        </p>
      ) : null}
      <div className="form-card__actions form-card__actions--spread">
        <p className="login__signup">
          New to Coffer? <Link to={paths.register}>Sign up</Link>
        </p>
        <button type="submit" className="button button--primary" disabled={busy || !canSubmitLogin(values)}>
          Login
        </button>
      </div>
    </form>
  );
}
