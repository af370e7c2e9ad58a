// The four secret forms (spec section 5). Every secret needs a name (max 50) and a chest.
import { DEFAULT_TEXT_MAX, SECRET_NAME_MAX } from '../constants/length-constants.js';
import { FIELD_NAME_REQUIRED_MESSAGE } from '../constants/secret-extras-constants.js';
import type { SecretCategory } from '../model/index.js';
import { totpInputError } from '../secret-extras/totp.js';
import { FIELD_LABELS } from './field-labels.js';
import { checkField, type FieldRule, type FormRules, type FormValues, validateForm } from './form-rules.js';
import { SELECT_CHEST_MESSAGE } from './messages.js';
import type { ValidationResult } from './validation-result.js';

const NAME: FieldRule = { label: FIELD_LABELS.name, required: true, max: SECRET_NAME_MAX };
// The spec's address form omits the chest, but a secret cannot exist outside one.
const CHEST: FieldRule = {
  label: FIELD_LABELS.vault_id,
  required: true,
  requiredMessage: SELECT_CHEST_MESSAGE,
};
const NOTE: FieldRule = { label: FIELD_LABELS.note };
const NUMERIC = (label: string): FieldRule => ({ label, numeric: true });

const SECRET_RULES: { readonly [C in SecretCategory]: FormRules } = {
  password: {
    name: NAME,
    username: { label: FIELD_LABELS.username, required: true },
    password: { label: FIELD_LABELS.password, required: true },
    vault_id: CHEST,
    url: { label: FIELD_LABELS.url },
    note: NOTE,
  },
  telephone: {
    name: NAME,
    vault_id: CHEST,
    country: NUMERIC(FIELD_LABELS.country),
    number: NUMERIC(FIELD_LABELS.number),
    extension: NUMERIC(FIELD_LABELS.extension),
    note: NOTE,
  },
  address: {
    name: NAME,
    vault_id: CHEST,
    addressOne: { label: FIELD_LABELS.addressOne, required: true },
    addressTwo: { label: FIELD_LABELS.addressTwo },
    addressThree: { label: FIELD_LABELS.addressThree },
    addressFour: { label: FIELD_LABELS.addressFour },
    postalCode: { label: FIELD_LABELS.postalCode, required: true },
    country: { label: FIELD_LABELS.country, required: true },
    note: NOTE,
  },
  note: {
    name: NAME,
    vault_id: CHEST,
    note: { label: FIELD_LABELS.note, required: true },
  },
};

/** The label of a custom field's name in length messages. */
export const CUSTOM_FIELD_NAME_LABEL = 'Field name';
const FIELD_NAME: FieldRule = {
  label: CUSTOM_FIELD_NAME_LABEL,
  required: true,
  requiredMessage: FIELD_NAME_REQUIRED_MESSAGE,
};
// Each further URL is checked as the main one is (the spec's url rule: the default text length).
const MORE_URL: FieldRule = { label: FIELD_LABELS.url, max: DEFAULT_TEXT_MAX };

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const textAt = (item: unknown, key: string): unknown =>
  typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;

/**
 * The checks of the optional extras (issue 27), after the category's: every custom field needs a name
 * (one message however many lack it; each such field marked as `fields.<index>`), an authenticator key
 * must be one Coffer can keep (`totp`), each further URL follows the main URL's rule (`moreUrls.<index>`).
 */
function extrasFailures(values: FormValues): ValidationResult {
  const errors: string[] = [];
  const fields = new Set<string>();
  const fail = (field: string, message: string) => {
    if (!errors.includes(message)) errors.push(message);
    fields.add(field);
  };
  listOf(values.fields).forEach((field, index) => {
    const message = checkField(textAt(field, 'name'), FIELD_NAME);
    if (message !== undefined) fail(`fields.${index}`, message);
  });
  if (typeof values.totp === 'string' && values.totp.trim() !== '') {
    const message = totpInputError(values.totp);
    if (message !== undefined) fail('totp', message);
  }
  listOf(values.moreUrls).forEach((url, index) => {
    const message = checkField(textAt(url, 'url'), MORE_URL);
    if (message !== undefined) fail(`moreUrls.${index}`, message);
  });
  return { errors, fields };
}

/**
 * Validates a secret form: name, chest (`vault_id`) and the category's payload fields with the spec's
 * messages, then the payload's optional extras (custom fields, authenticator key, further URLs).
 */
export function validateSecret(category: SecretCategory, values: FormValues): ValidationResult {
  const base = validateForm(values, SECRET_RULES[category] ?? SECRET_METADATA_RULES);
  const extras = extrasFailures(values);
  return {
    errors: [...base.errors, ...extras.errors],
    fields: new Set([...base.fields, ...extras.fields]),
  };
}

const SECRET_METADATA_RULES: FormRules = { name: NAME, vault_id: CHEST };

/** Validates what the server sees of a secret: its name and chest (the payload is ciphertext). */
export function validateSecretMetadata(values: FormValues): ValidationResult {
  return validateForm(values, SECRET_METADATA_RULES);
}

/** Keeps only the digits of typed input: phone fields accept nothing else. */
export function keepDigits(input: string): string {
  return input.replace(/\D/g, '');
}
