import type { ExportChest, ExportSecretRow } from './list-export-rows.js';
import { listExportChests, listExportSecrets } from './list-export-rows.js';
import type { BatchOpenOptions } from './open-secrets-batch.js';
import { openSecretsInBatch } from './open-secrets-batch.js';
import type { ExportedSecret } from './secrets-workbook.js';
import { buildExportSheets } from './secrets-workbook.js';
import { writeWorkbook } from './write-workbook.js';

/** Where an export is: listing, decrypting (with how many of how many), writing the file. */
export type ExportProgress =
  | { phase: 'listing' }
  | { phase: 'opening'; done: number; total: number }
  | { phase: 'writing'; total: number };

/** Options of an export. */
export interface ExportOptions {
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  /** Secrets decrypted at once (see openSecretsInBatch). */
  concurrency?: BatchOpenOptions['concurrency'];
}

/** What an export made: the file, and how many secrets it holds or had to leave out. */
export interface ExportResult {
  file: Blob;
  sheets: number;
  exported: number;
  /** Secrets this browser could not open (no key for the caller, or failed integrity checks). */
  skipped: number;
}

/** What an export covers: every chest (a sheet each) and the metadata of the secrets to open. */
export interface ExportSource {
  chests: ExportChest[];
  rows: ExportSecretRow[];
}

/** Lists what the export covers: the organisation's chests and its live secrets' metadata. */
export async function listExportSource(signal?: AbortSignal): Promise<ExportSource> {
  const [chests, rows] = await Promise.all([listExportChests(signal), listExportSecrets(signal)]);
  return { chests, rows };
}

/**
 * Opens each listed secret in this browser with the crypto client and writes the workbook, one
 * sheet per chest. Decrypted payloads live only in this function and the file it answers.
 */
export async function exportSecrets(
  { chests, rows }: ExportSource,
  userId: string,
  { onProgress, signal, concurrency }: ExportOptions = {},
): Promise<ExportResult> {
  onProgress?.({ phase: 'opening', done: 0, total: rows.length });
  const results = await openSecretsInBatch(
    rows.map((row) => row.id),
    userId,
    {
      onSettled: (done) => onProgress?.({ phase: 'opening', done, total: rows.length }),
      ...(signal ? { signal } : {}),
      ...(concurrency ? { concurrency } : {}),
    },
  );
  const opened: ExportedSecret[] = [];
  results.forEach((result, index) => {
    const row = rows[index];
    if (row && result.opened) opened.push({ row, payload: result.opened.payload });
  });
  onProgress?.({ phase: 'writing', total: opened.length });
  const sheets = buildExportSheets(chests, opened);
  const file = await writeWorkbook(sheets);
  return { file, sheets: sheets.length, exported: opened.length, skipped: rows.length - opened.length };
}

/**
 * Exports every secret the caller can read (the owner's Download all secrets, spec sections 2 and
 * 9): lists the chests and the secrets' metadata, opens each secret in this browser, and writes the
 * workbook. Nothing decrypted is sent anywhere or cached.
 */
export async function exportAllSecrets(userId: string, options: ExportOptions = {}): Promise<ExportResult> {
  options.onProgress?.({ phase: 'listing' });
  return exportSecrets(await listExportSource(options.signal), userId, options);
}
