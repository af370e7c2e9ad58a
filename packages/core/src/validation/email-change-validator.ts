// The e-mail change modal's first step (spec section 5).
import { isValidEmail, normaliseEmailInput } from './email-rules.js';
import { EMAILS_DO_NOT_MATCH_MESSAGE, INVALID_NEW_EMAIL_MESSAGE } from './messages.js';
import { buildResult, type ValidationResult } from './validation-result.js';

/** Values of the e-mail change modal. */
export interface EmailChangeValues {
  email?: string;
  confirmation?: string;
}

/** Validates the new e-mail and its confirmation (compared after lower-casing). */
export function validateEmailChange(values: EmailChangeValues): ValidationResult {
  const email = normaliseEmailInput(values.email);
  const failures: [string, string][] = [];
  if (!isValidEmail(email)) failures.push(['email', INVALID_NEW_EMAIL_MESSAGE]);
  if (email !== normaliseEmailInput(values.confirmation))
    failures.push(['confirmation', EMAILS_DO_NOT_MATCH_MESSAGE]);
  return buildResult(failures);
}
