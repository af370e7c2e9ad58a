import { PASSWORD_LENGTH_HINT } from '@coffer/core';
import { useMemo } from 'react';
import { ErrorBanner } from '../../components/form-fields/error-banner.js';
import { TextField } from '../../components/form-fields/text-field.js';
import { PasswordStrengthMeter } from '../../components/strength/password-strength-meter.js';
import { useSession } from '../../session/use-session.js';
import { RekeyStatus } from './rekey-status.js';
import type { PasswordChangeForm } from './use-password-change-form.js';

/** The three fields of a password change with the strength meter and the length hint. */
export function PasswordChangeFields({
  form,
  currentLabel = 'Current Password',
}: {
  form: PasswordChangeForm;
  currentLabel?: string;
}) {
  const { profile } = useSession();
  const { values, setField, marked, currentPasswordError, busy } = form;
  const email = profile?.email;
  const name = profile?.name;
  // A stable list keeps the strength meter's memoised score from being recomputed on every keystroke elsewhere.
  const userInputs = useMemo(
    () => (email === undefined || name === undefined ? [] : [email, name]),
    [email, name],
  );
  return (
    <>
      <ErrorBanner errors={marked.errors} />
      <TextField
        label={currentLabel}
        type="password"
        name="current_password"
        autoComplete="current-password"
        data-autofocus
        value={values.currentPassword}
        onValueChange={(value) => setField('currentPassword', value)}
        error={currentPasswordError}
        disabled={busy}
      />
      <TextField
        label="New Password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(value) => setField('password', value)}
        invalid={marked.isMarked('password')}
        hint={PASSWORD_LENGTH_HINT}
        disabled={busy}
      />
      <PasswordStrengthMeter password={values.password} userInputs={userInputs} />
      <TextField
        label="Confirm New Password"
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={values.confirmation}
        onValueChange={(value) => setField('confirmation', value)}
        invalid={marked.isMarked('confirmation')}
        disabled={busy}
      />
      <RekeyStatus busy={busy} />
    </>
  );
}
