import {
  canCreateAccount,
  countCharacters,
  MIN_PASSWORD_LENGTH,
  REGISTER_PASSWORD_LENGTH_MESSAGE,
  REGISTER_PASSWORDS_MATCH_MESSAGE,
} from '@coffer/core';
import { TextField } from '../../components/form-fields/text-field.js';
import { PasswordStrengthMeter } from '../../components/strength/password-strength-meter.js';
import type { RegisterValues } from './register-values.js';

/** Props of the password step. */
export interface PasswordStepProps {
  values: RegisterValues;
  onChange: (patch: Partial<RegisterValues>) => void;
  busy: boolean;
  onBack: () => void;
  onCreate: () => void;
}

/**
 * The password step: new password with the strength meter, its confirmation, Back and Create.
 * Create is enabled only with 12+ characters and a matching confirmation (spec section 5).
 */
export function PasswordStep({ values, onChange, busy, onBack, onCreate }: PasswordStepProps) {
  const { password, confirmation } = values;
  const tooShort = password !== '' && countCharacters(password) < MIN_PASSWORD_LENGTH;
  const mismatch = confirmation !== '' && confirmation !== password;
  const canCreate = !busy && canCreateAccount(password, confirmation);

  return (
    <form
      noValidate
      aria-label="Choose a password"
      onSubmit={(event) => {
        event.preventDefault();
        if (canCreate) onCreate();
      }}
    >
      <p>
        Your password encrypts your secrets in this browser. Nobody, not even Coffer, can recover it, so
        choose one you will remember.
      </p>
      <TextField
        label="New Password"
        type="password"
        name="password"
        autoComplete="new-password"
        autoFocus
        value={password}
        onValueChange={(next) => onChange({ password: next })}
        error={tooShort ? REGISTER_PASSWORD_LENGTH_MESSAGE : undefined}
        readOnly={busy}
      />
      <PasswordStrengthMeter
        password={password}
        userInputs={[values.email, values.fullname, values.company]}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onValueChange={(next) => onChange({ confirmation: next })}
        error={mismatch ? REGISTER_PASSWORDS_MATCH_MESSAGE : undefined}
        readOnly={busy}
      />
      {busy ? (
        <div className="register__progress" role="status">
          <progress aria-label="Creating your account" />
          <span>Generating your encryption keys. This can take a few seconds…</span>
        </div>
      ) : null}
      <div className="form-card__actions form-card__actions--spread">
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="submit" className="button button--primary" disabled={!canCreate}>
          Create
        </button>
      </div>
    </form>
  );
}
