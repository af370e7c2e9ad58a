// Password change dialog and administrator reset (spec section 5).
import { MIN_PASSWORD_LENGTH } from '../constants/length-constants.js';
import { countCharacters, isBlank } from './form-rules.js';
import {
  NEW_PASSWORD_LENGTH_MESSAGE,
  PASSWORDS_MUST_MATCH_MESSAGE,
  RESET_PASSWORD_LENGTH_MESSAGE,
} from './messages.js';
import { buildResult, type ValidationResult } from './validation-result.js';

/** Values of the password change dialog. */
export interface PasswordChangeValues {
  currentPassword?: string;
  password?: string;
  confirmation?: string;
}

/** Whether a password is long enough for an account. */
export function isLongEnoughPassword(password: string | undefined): boolean {
  return countCharacters(password ?? '') >= MIN_PASSWORD_LENGTH;
}

/** Validates the new password and its confirmation. */
export function validatePasswordChange(values: PasswordChangeValues): ValidationResult {
  const failures: [string, string][] = [];
  if (!isLongEnoughPassword(values.password)) failures.push(['password', NEW_PASSWORD_LENGTH_MESSAGE]);
  if ((values.password ?? '') !== (values.confirmation ?? '')) {
    failures.push(['confirmation', PASSWORDS_MUST_MATCH_MESSAGE]);
  }
  return buildResult(failures);
}

/** Whether Save is enabled: none of the three fields empty. */
export function canSavePasswordChange(values: PasswordChangeValues): boolean {
  return !isBlank(values.currentPassword) && !isBlank(values.password) && !isBlank(values.confirmation);
}

/** Validates an administrator's reset (and the change-password input dialog). */
export function validateResetPassword(password: string | undefined): ValidationResult {
  return buildResult(isLongEnoughPassword(password) ? [] : [['password', RESET_PASSWORD_LENGTH_MESSAGE]]);
}
