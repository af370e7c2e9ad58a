// The four secret forms (spec section 5). Every secret needs a name (max 50) and a chest.
import { SECRET_NAME_MAX } from '../constants/length-constants.js';
import type { SecretCategory } from '../model/index.js';
import { FIELD_LABELS } from './field-labels.js';
import { type FieldRule, type FormRules, type FormValues, validateForm } from './form-rules.js';
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

/** Validates a secret form: name, chest (`vault_id`) and the category's payload fields. */
export function validateSecret(category: SecretCategory, values: FormValues): ValidationResult {
  return validateForm(values, SECRET_RULES[category] ?? SECRET_METADATA_RULES);
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
