import { normaliseOtp } from '@coffer/core';
import { useState } from 'react';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';

/** Props shared by the 2FA and Recovery forms. */
interface CodeFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
}

/**
 * The 2FA state: the OTP field (spaces removed, cut to 6 unless longer: spec section 5) and the
 * link to the recovery form. Verify is disabled until the field changes, and again after each submit.
 */
export function TwoFactorForm({
  busy,
  error,
  onSubmit,
  onUseRecovery,
}: CodeFormProps & { onUseRecovery: () => void }) {
  const [code, setCode] = useState('');
  const [changed, setChanged] = useState(false);
  return (
    <form
      noValidate
      aria-label="Two-factor verification"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !changed || code === '') return;
        setChanged(false);
        onSubmit(code);
      }}
    >
      <ErrorBanner errors={error ? [error] : []} />
      <TextField
        label="OTP Code"
        name="otp_attempt"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        hint="Enter the code your authenticator app shows."
        value={code}
        onValueChange={(value) => {
          setCode(normaliseOtp(value));
          setChanged(true);
        }}
        readOnly={busy}
      />
      <div className="form-card__actions form-card__actions--spread">
        <button type="button" className="link-button" onClick={onUseRecovery}>
          Use a recovery code
        </button>
        <button type="submit" className="button button--primary" disabled={busy || !changed || code === ''}>
          Verify
        </button>
      </div>
    </form>
  );
}

/** The Recovery state: a recovery code, Login and Cancel (back to the 2FA state). */
export function RecoveryForm({ busy, error, onSubmit, onCancel }: CodeFormProps & { onCancel: () => void }) {
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      aria-label="Bypass two-step verification"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || code.trim() === '') return;
        onSubmit(code.trim());
      }}
    >
      <ErrorBanner errors={error ? [error] : []} />
      <TextField
        label="Recovery code"
        name="recovery_code"
        autoComplete="off"
        autoFocus
        hint="Enter one of the recovery codes you saved when you set up two-step verification."
        value={code}
        onValueChange={(value) => setCode(normaliseOtp(value))}
        readOnly={busy}
      />
      <div className="form-card__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || code.trim() === ''}>
          Login
        </button>
      </div>
    </form>
  );
}
