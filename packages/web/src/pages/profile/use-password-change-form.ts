import type { PasswordChangeValues, Profile } from '@coffer/core';
import { canSavePasswordChange, MAIL_NOT_SENT_MESSAGE, validatePasswordChange } from '@coffer/core';
import { useState } from 'react';
import { useChangePassword } from '../../api/accounts-mutations.js';
import type { MarkedFields } from '../../components/form-fields/use-marked-fields.js';
import { useMarkedFields } from '../../components/form-fields/use-marked-fields.js';
import { SAME_PASSWORD_MESSAGE } from '../../keys/account-messages.js';
import { notify } from '../../lib/notification-store.js';
import { useSession } from '../../session/use-session.js';
import { submitPasswordChange } from './password-change.js';

/** A field of the password change form. */
export type PasswordField = keyof Required<PasswordChangeValues>;

/** State and actions of a password change form (the Password modal and the personal-password step). */
export interface PasswordChangeForm {
  values: Required<PasswordChangeValues>;
  setField: (field: PasswordField, value: string) => void;
  marked: MarkedFields;
  /** The message under the current password ('Current password is incorrect', 'Incorrect Password'). */
  currentPasswordError: string | undefined;
  busy: boolean;
  /** Save is enabled while none of the three fields is empty (spec section 5) and nothing is pending. */
  canSave: boolean;
  submit: () => Promise<void>;
}

const EMPTY: Required<PasswordChangeValues> = { currentPassword: '', password: '', confirmation: '' };

/** Runs a password change form; `onChanged` follows a successful change. */
export function usePasswordChangeForm(onChanged: () => void): PasswordChangeForm {
  const { profile } = useSession();
  const marked = useMarkedFields();
  const [values, setValues] = useState(EMPTY);
  const [currentPasswordError, setCurrentPasswordError] = useState<string>();
  const change = useChangePassword((typed: { account: Profile; current: string; next: string }) =>
    submitPasswordChange(typed.account, typed.current, typed.next),
  );
  const busy = change.isPending;

  const setField = (field: PasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    marked.edited(field);
    if (field === 'currentPassword') setCurrentPasswordError(undefined);
  };

  const submit = async () => {
    if (busy || !profile || !canSavePasswordChange(values)) return;
    setCurrentPasswordError(undefined);
    if (!marked.show(validatePasswordChange(values))) return;
    if (values.password === values.currentPassword) {
      marked.showErrors([SAME_PASSWORD_MESSAGE]);
      return;
    }
    const outcome = await change.mutateAsync({
      account: profile,
      current: values.currentPassword,
      next: values.password,
    });
    if (outcome.ok) {
      setValues(EMPTY);
      onChanged();
      // The password is changed either way; only its notice did not leave.
      if (!outcome.mailSent) notify({ type: 'error', message: MAIL_NOT_SENT_MESSAGE });
      return;
    }
    if (outcome.fromServer) notify({ type: 'error', message: outcome.message });
    else if (outcome.field) setCurrentPasswordError(outcome.message);
    else marked.showErrors([outcome.message]);
  };

  return {
    values,
    setField,
    marked,
    currentPasswordError,
    busy,
    canSave: !busy && canSavePasswordChange(values),
    submit,
  };
}
