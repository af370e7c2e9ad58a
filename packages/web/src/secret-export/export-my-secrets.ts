import { isAttachmentError } from '../crypto-client/attachment-error.js';
import { downloadAttachment } from '../crypto-client/attachment-transfer.js';
import { filesLeftOutOf, writeBitwardenJson } from './bitwarden-json-file.js';
import { writeCofferExport } from './coffer-export-file.js';
import type { ExportRecord } from './export-record.js';
import { attachmentRefsOf } from './export-record.js';
import type { ExportSource } from './export-secrets.js';
import { listExportSource } from './export-secrets.js';
import { openSecretsInBatch } from './open-secrets-batch.js';

/** What a personal export writes: Bitwarden's unencrypted JSON, or the password-protected Coffer export. */
export type MyExportChoice = { format: 'bitwarden-json' } | { format: 'coffer-export'; password: string };

/** Where a personal export is. */
export type MyExportProgress =
  | { phase: 'listing' }
  | { phase: 'opening'; done: number; total: number }
  | { phase: 'files'; done: number; total: number }
  | { phase: 'writing' };

/** What a personal export made. */
export interface MyExportResult {
  file: Blob;
  fileName: string;
  /** Secrets in the file. */
  exported: number;
  /** Secrets this browser could not open (no key for the user, or failing their integrity check). */
  skipped: number;
  /** Files in the file (the Coffer export). */
  files: number;
  /** Files the format cannot hold (Bitwarden's JSON has no place for them). */
  filesLeftOut: number;
  /** Files that did not open as their secret says (damaged on the server): left out and counted. */
  filesDamaged: number;
}

/** Options of a personal export. */
export interface MyExportOptions {
  onProgress?: (progress: MyExportProgress) => void;
  signal?: AbortSignal;
  /** The export's date and time (tests fix it). */
  now?: Date;
}

/** The file name of each format, dated by the export's day (UTC). */
export function myExportFileName(format: MyExportChoice['format'], now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return format === 'bitwarden-json' ? `coffer-bitwarden-${day}.json` : `coffer-export-${day}.zip`;
}

/** Files downloaded at once: each is up to 10 MB held in memory until the export is written. */
const FILE_CONCURRENCY = 2;

/**
 * Exports every secret the user can read (issue 28): lists their chests and secrets, opens each in
 * this browser, and writes the chosen format. For the Coffer export every file is downloaded and
 * opened too, then sealed again under the export password. Nothing decrypted is sent anywhere.
 */
export async function exportMySecrets(
  userId: string,
  choice: MyExportChoice,
  { onProgress, signal, now = new Date() }: MyExportOptions = {},
): Promise<MyExportResult> {
  onProgress?.({ phase: 'listing' });
  const source = await listExportSource(signal);
  const records = await openRecords(source, userId, onProgress, signal);
  const exportedAt = now.toISOString();
  const fileName = myExportFileName(choice.format, now);
  const skipped = source.rows.length - records.length;
  if (choice.format === 'bitwarden-json') {
    onProgress?.({ phase: 'writing' });
    return {
      file: writeBitwardenJson(source.chests, records, exportedAt),
      fileName,
      exported: records.length,
      skipped,
      files: 0,
      filesLeftOut: filesLeftOutOf(records),
      filesDamaged: 0,
    };
  }
  const { files, damaged } = await downloadFiles(records, onProgress, signal);
  onProgress?.({ phase: 'writing' });
  const written = await writeCofferExport(
    { chests: source.chests, records, files, exportedAt },
    choice.password,
  );
  return {
    file: written.file,
    fileName,
    exported: records.length,
    skipped,
    files: written.files,
    filesLeftOut: 0,
    filesDamaged: damaged,
  };
}

async function openRecords(
  { chests, rows }: ExportSource,
  userId: string,
  onProgress: MyExportOptions['onProgress'],
  signal: AbortSignal | undefined,
): Promise<ExportRecord[]> {
  onProgress?.({ phase: 'opening', done: 0, total: rows.length });
  const results = await openSecretsInBatch(
    rows.map((row) => row.id),
    userId,
    {
      onSettled: (done) => onProgress?.({ phase: 'opening', done, total: rows.length }),
      ...(signal ? { signal } : {}),
    },
  );
  const chestNames = new Map(chests.map((chest) => [chest.id, chest.name]));
  return results.flatMap((result, index) => {
    const row = rows[index];
    if (!row || !result.opened) return [];
    const { secret, payload } = result.opened;
    return [
      {
        id: secret.id,
        chest: { id: row.vault_id, name: chestNames.get(row.vault_id) ?? row.vault?.name ?? '' },
        name: secret.name,
        category: secret.category,
        payload,
        ...(secret.created_at ? { createdAt: secret.created_at } : {}),
        ...(secret.updated_at ? { updatedAt: secret.updated_at } : {}),
      },
    ];
  });
}

// Downloads and opens every file, two at a time. A file that does not open (damaged) is counted and
// left out; anything else (the network, a cancel) stops the export, as for the secrets.
async function downloadFiles(
  records: readonly ExportRecord[],
  onProgress: MyExportOptions['onProgress'],
  signal: AbortSignal | undefined,
): Promise<{ files: Map<string, Uint8Array>; damaged: number }> {
  const wanted = records.flatMap((record) => attachmentRefsOf(record).map((ref) => ({ record, ref })));
  const files = new Map<string, Uint8Array>();
  let damaged = 0;
  let next = 0;
  let done = 0;
  onProgress?.({ phase: 'files', done, total: wanted.length });
  const worker = async () => {
    while (next < wanted.length) {
      signal?.throwIfAborted();
      const { record, ref } = wanted[next] as (typeof wanted)[number];
      next += 1;
      try {
        const blob = await downloadAttachment(record.id, ref, signal ? { signal } : {});
        files.set(ref.id, new Uint8Array(await blob.arrayBuffer()));
      } catch (error) {
        if (!isAttachmentError(error, 'damaged')) throw error;
        damaged += 1;
      }
      done += 1;
      onProgress?.({ phase: 'files', done, total: wanted.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, wanted.length) }, worker));
  return { files, damaged };
}
