import type { SecretCategory, SecretPayloadByCategory } from '@coffer/core';
import { SECRET_PAYLOAD_FIELDS } from '@coffer/core';

/**
 * Keeps exactly the category's fields of an opened payload, as strings ('' when absent), so the
 * viewer and the form never meet a field they do not know or a value that is not text.
 */
export function normalisePayload<C extends SecretCategory>(
  category: C,
  opened: Record<string, unknown>,
): SecretPayloadByCategory[C] {
  const fields = SECRET_PAYLOAD_FIELDS[category] as readonly string[];
  const entries = fields.map((field) => {
    const value = opened[field];
    return [field, typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''];
  });
  return Object.fromEntries(entries) as unknown as SecretPayloadByCategory[C];
}
