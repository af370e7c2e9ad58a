import type { AttachmentRef } from '@coffer/core';
import { base64ToBytes, SYMMETRIC_KEY_BYTES } from '@coffer/core';

/**
 * The well-formed file refs of an opened payload's `attachments`, in order. A payload without any (every
 * secret saved before issue 27) answers []; an entry that is not a ref (a missing id, a size that is
 * not a whole number, a key that is not 32 bytes of base64) is left out rather than offered as a file
 * that cannot open.
 */
export function readAttachmentRefs(opened: Record<string, unknown>): AttachmentRef[] {
  const list = opened.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter(isAttachmentRef).map(({ id, name, size, mediaType, key }) => ({
    id,
    name,
    size,
    mediaType,
    key,
  }));
}

/** The payload with its files: `attachments` left out when there are none, so a secret without files keeps its old shape. */
export function withAttachments<P extends object>(
  payload: P,
  attachments: readonly AttachmentRef[],
): P & { attachments?: AttachmentRef[] } {
  const { attachments: _old, ...rest } = payload as P & { attachments?: unknown };
  return (attachments.length > 0 ? { ...rest, attachments: [...attachments] } : rest) as P & {
    attachments?: AttachmentRef[];
  };
}

function isAttachmentRef(value: unknown): value is AttachmentRef {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as Record<string, unknown>;
  return (
    typeof ref.id === 'string' &&
    ref.id !== '' &&
    typeof ref.name === 'string' &&
    typeof ref.mediaType === 'string' &&
    typeof ref.size === 'number' &&
    Number.isSafeInteger(ref.size) &&
    ref.size >= 0 &&
    typeof ref.key === 'string' &&
    isFileKey(ref.key)
  );
}

function isFileKey(key: string): boolean {
  try {
    return base64ToBytes(key).length === SYMMETRIC_KEY_BYTES;
  } catch {
    return false;
  }
}
