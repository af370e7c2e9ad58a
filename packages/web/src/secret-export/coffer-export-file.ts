import { bytesToBase64, utf8Encode } from '@coffer/core';
import { Zip, ZipPassThrough } from 'fflate';
import {
  CHECK_PART,
  COFFER_EXPORT_ENTRY,
  COFFER_EXPORT_FILES_FOLDER,
  COFFER_EXPORT_FORMAT,
  COFFER_EXPORT_VERSION,
  CONTENT_PART,
  type CofferExportContent,
  type CofferExportEnvelope,
  type CofferExportFile,
  newCofferExportKey,
  sealCofferExportPart,
} from '../import/formats/coffer-export-format.js';
import type { ExportRecord } from './export-record.js';
import { attachmentRefsOf, payloadWithoutFiles, sortedForExport } from './export-record.js';

/** The media type of the Coffer export. */
export const COFFER_EXPORT_TYPE = 'application/zip';

/** A file's plaintext, by the id of its ref; a secret's file absent here is left out of the export. */
export type ExportFileBytes = ReadonlyMap<string, Uint8Array>;

/**
 * Writes the Coffer export (docs/crypto.md, "The Coffer export"): a key from the export password
 * (PBKDF2-SHA256, 600,000 iterations, a fresh salt), the JSON of every secret (chest, name, category,
 * the whole payload but its file refs, the files it lists) sealed with AES-256-GCM, each file's
 * plaintext sealed on its own as `files/{n}`, all in a zip. Entries are stored, not deflated:
 * ciphertext does not compress. Answers the zip and how many files it holds.
 */
export async function writeCofferExport(
  input: {
    chests: readonly { id: string; name: string }[];
    records: readonly ExportRecord[];
    files: ExportFileBytes;
    exportedAt: string;
  },
  password: string,
): Promise<{ file: Blob; files: number }> {
  const { key, kdf } = await newCofferExportKey(password);
  const parts: [entry: string, sealed: Uint8Array][] = [];
  const secrets: CofferExportContent['secrets'] = [];
  for (const record of sortedForExport(input.chests, input.records)) {
    const listed: CofferExportFile[] = [];
    for (const ref of attachmentRefsOf(record)) {
      const plain = input.files.get(ref.id);
      if (!plain) continue;
      const entry = `${COFFER_EXPORT_FILES_FOLDER}${parts.length + 1}`;
      parts.push([entry, await sealCofferExportPart(key, entry, new Uint8Array(plain))]);
      listed.push({ entry, name: ref.name, size: plain.length, mediaType: ref.mediaType });
    }
    secrets.push({
      id: record.id,
      chest: { id: record.chest.id, name: record.chest.name },
      name: record.name,
      category: record.category,
      payload: payloadWithoutFiles(record.payload),
      files: listed,
      ...(record.createdAt ? { createdAt: record.createdAt } : {}),
      ...(record.updatedAt ? { updatedAt: record.updatedAt } : {}),
    });
  }
  const content: CofferExportContent = {
    format: COFFER_EXPORT_FORMAT,
    version: COFFER_EXPORT_VERSION,
    exportedAt: input.exportedAt,
    chests: input.chests.map((chest) => ({ id: chest.id, name: chest.name })),
    secrets,
  };
  const envelope: CofferExportEnvelope = {
    format: COFFER_EXPORT_FORMAT,
    version: COFFER_EXPORT_VERSION,
    kdf,
    cipher: 'AES-256-GCM',
    check: bytesToBase64(await sealCofferExportPart(key, CHECK_PART, new Uint8Array())),
    data: bytesToBase64(await sealCofferExportPart(key, CONTENT_PART, utf8Encode(JSON.stringify(content)))),
  };
  return {
    file: zipStored([[COFFER_EXPORT_ENTRY, utf8Encode(JSON.stringify(envelope, null, 2))], ...parts]),
    files: parts.length,
  };
}

// fflate's streaming Zip with pass-through entries: synchronous (no workers, which the CSP refuses), and
// its output stays in pieces inside a Blob rather than one copy of every file in a single array.
function zipStored(entries: readonly [name: string, data: Uint8Array][]): Blob {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pieces.push(new Uint8Array(chunk));
  });
  for (const [name, data] of entries) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(data, true);
  }
  zip.end();
  if (failure) throw failure;
  return new Blob(pieces, { type: COFFER_EXPORT_TYPE });
}
