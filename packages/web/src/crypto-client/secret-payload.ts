import type { SecretCategory, SecretPayloadByCategory } from '@coffer/core';
import { readPasswordExtras, readPayloadExtras, SECRET_PAYLOAD_FIELDS } from '@coffer/core';

/**
 * Keeps the category's fields of an opened payload as strings ('' when absent), and the extras
 * (custom fields, history, attachments; the password's URLs and authenticator key) in their known
 * shapes, so the viewer and the form never meet a value that is not what they expect.
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
  const own = category === 'password' ? readPasswordExtras(opened) : {};
  return {
    ...Object.fromEntries(entries),
    ...own,
    ...readPayloadExtras(opened),
  } as unknown as SecretPayloadByCategory[C];
}
