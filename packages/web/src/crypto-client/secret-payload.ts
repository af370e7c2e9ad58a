import type { SecretCategory, SecretPayloadByCategory } from '@coffer/core';
import { SECRET_PAYLOAD_FIELDS } from '@coffer/core';
import { readAttachmentRefs } from './attachment-refs.js';

/**
 * Keeps exactly the category's fields of an opened payload, as strings ('' when absent), so the
 * viewer and the form never meet a field they do not know or a value that is not text; and its
 * well-formed file refs under `attachments` when it has any (issue 27).
 */
export function normalisePayload<C extends SecretCategory>(
  category: C,
  opened: Record<string, unknown>,
): SecretPayloadByCategory[C] {
  const fields = SECRET_PAYLOAD_FIELDS[category] as readonly string[];
  const entries: Array<[string, unknown]> = fields.map((field) => {
    const value = opened[field];
    return [field, typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''];
  });
  const attachments = readAttachmentRefs(opened);
  if (attachments.length > 0) entries.push(['attachments', attachments]);
  return Object.fromEntries(entries) as unknown as SecretPayloadByCategory[C];
}
