import type { AttachmentRef, SecretCategory, SecretPayload } from '@coffer/core';

/** A secret opened for a personal export: where it lies, what it is, and its decrypted payload. */
export interface ExportRecord {
  id: string;
  chest: { id: string; name: string };
  name: string;
  category: SecretCategory;
  /** The normalised payload as the crypto client opened it, file refs included. */
  payload: SecretPayload;
  createdAt?: string;
  updatedAt?: string;
}

/** A secret's file refs (the well-formed ones normalisePayload kept). */
export function attachmentRefsOf(record: ExportRecord): AttachmentRef[] {
  return record.payload.attachments ?? [];
}

/** The payload without its file refs: a file key opens nothing outside Coffer's server. */
export function payloadWithoutFiles(payload: SecretPayload): SecretPayload {
  const { attachments: _refs, ...rest } = payload;
  return rest as SecretPayload;
}

/** Chests first in the given order, then by the secret's name: the order both exports write. */
export function sortedForExport(
  chests: readonly { id: string }[],
  records: readonly ExportRecord[],
): ExportRecord[] {
  const position = new Map(chests.map((chest, index) => [chest.id, index]));
  const at = (record: ExportRecord) => position.get(record.chest.id) ?? chests.length;
  return [...records].sort((a, b) => at(a) - at(b) || a.name.localeCompare(b.name));
}
