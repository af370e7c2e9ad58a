// Secret categories and the ordered fields of each decrypted payload (spec section 3).
import type { SecretCategory, SecretPayloadByCategory } from '../model/index.js';

/** Every category, in the order the secret form offers them. */
export const SECRET_CATEGORIES: readonly SecretCategory[] = ['password', 'telephone', 'address', 'note'];

/** The payload fields of each category, in display order. */
export const SECRET_PAYLOAD_FIELDS: {
  readonly [C in SecretCategory]: readonly (keyof SecretPayloadByCategory[C])[];
} = {
  password: ['username', 'password', 'url', 'note'],
  telephone: ['country', 'number', 'extension', 'note'],
  address: ['addressOne', 'addressTwo', 'addressThree', 'addressFour', 'postalCode', 'country', 'note'],
  note: ['note'],
};

/** Whether a value names a category (for request checks). */
export function isSecretCategory(value: unknown): value is SecretCategory {
  return typeof value === 'string' && (SECRET_CATEGORIES as readonly string[]).includes(value);
}

/** An empty payload of a category, every field ''. */
export function createEmptyPayload<C extends SecretCategory>(category: C): SecretPayloadByCategory[C] {
  const fields = SECRET_PAYLOAD_FIELDS[category] as readonly string[];
  return Object.fromEntries(fields.map((field) => [field, ''])) as unknown as SecretPayloadByCategory[C];
}
