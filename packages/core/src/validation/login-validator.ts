// The login form (spec section 5): e-mail and password required, e-mail well formed.
import { FIELD_LABELS } from './field-labels.js';
import { type FormRules, isBlank, validateForm } from './form-rules.js';
import type { ValidationResult } from './validation-result.js';

/** Values of the login form (or the sign-in payload's `user`). */
export interface LoginValues {
  email?: string;
  password?: string;
}

// Passwords are not capped: only the derived auth hash ever travels.
const LOGIN_RULES: FormRules = {
  email: { label: FIELD_LABELS.email, required: true, email: true },
  password: { label: FIELD_LABELS.password, required: true, max: null },
};

/** Validates the login form. */
export function validateLogin(values: LoginValues): ValidationResult {
  return validateForm({ ...values }, LOGIN_RULES);
}

/** Whether the Login button is enabled: both fields filled. */
export function canSubmitLogin(values: LoginValues): boolean {
  return !isBlank(values.email) && !isBlank(values.password);
}
