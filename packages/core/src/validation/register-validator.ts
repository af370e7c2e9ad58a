// The two registration steps (spec section 5): initial details, then the password.
import { MIN_PASSWORD_LENGTH } from '../constants/length-constants.js';
import { FIELD_LABELS } from './field-labels.js';
import { countCharacters, type FormRules, validateForm } from './form-rules.js';
import { REGISTER_PASSWORD_LENGTH_MESSAGE, REGISTER_PASSWORDS_MATCH_MESSAGE } from './messages.js';
import { buildResult, type ValidationResult } from './validation-result.js';

/** Values of the initial registration step. `termsOfService` may arrive form-encoded as 'true'. */
export interface RegisterInitialValues {
  company?: string;
  fullname?: string;
  email?: string;
  termsOfService?: boolean | string;
  marketingOptIn?: boolean | string;
}

/** Options of the initial step: an invited visitor has no full name field. */
export interface RegisterInitialOptions {
  invited?: boolean;
}

const TICKED = new Set(['true', '1', 'on', 'yes']);

/** Reads a checkbox that may be a boolean or its form-encoded text. */
export function isTicked(value: boolean | string | undefined): boolean {
  return typeof value === 'string' ? TICKED.has(value.toLowerCase()) : value === true;
}

function initialRules(invited: boolean): FormRules {
  return {
    company: { label: FIELD_LABELS.company, required: true },
    ...(invited ? {} : { fullname: { label: FIELD_LABELS.fullname, required: true } }),
    email: { label: FIELD_LABELS.email, required: true, email: true },
    termsOfService: { label: FIELD_LABELS.termsOfService, required: true },
  };
}

/** Validates the initial step: company, full name (unless invited), e-mail, terms ticked. */
export function validateRegisterInitial(
  values: RegisterInitialValues,
  options: RegisterInitialOptions = {},
): ValidationResult {
  const checked = { ...values, termsOfService: isTicked(values.termsOfService) };
  return validateForm(checked, initialRules(options.invited === true));
}

/** Validates the password step: matching confirmation, then at least 12 characters. */
export function validateRegisterPassword(
  password: string | undefined,
  confirmation: string | undefined,
): ValidationResult {
  const failures: [string, string][] = [];
  if ((password ?? '') !== (confirmation ?? ''))
    failures.push(['confirmation', REGISTER_PASSWORDS_MATCH_MESSAGE]);
  if (countCharacters(password ?? '') < MIN_PASSWORD_LENGTH)
    failures.push(['password', REGISTER_PASSWORD_LENGTH_MESSAGE]);
  return buildResult(failures);
}

/** Whether Create is enabled: 12+ characters and a matching confirmation. */
export function canCreateAccount(password: string | undefined, confirmation: string | undefined): boolean {
  return validateRegisterPassword(password, confirmation).errors.length === 0;
}
