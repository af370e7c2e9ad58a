import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

const folders: string[] = [];

/**
 * An SQLite file in WAL mode in a folder of its own, with `schema` run on it: for the tests of the
 * threads that open a second connection to the server's file. removeWalFiles() deletes them all.
 */
export function openWalFile(schema: string): { raw: SqliteDatabase.Database; filename: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'coffer-wal-'));
  folders.push(folder);
  const filename = path.join(folder, 'test.sqlite');
  const raw = new SqliteDatabase(filename);
  raw.pragma('journal_mode = WAL');
  raw.exec(schema);
  return { raw, filename };
}

/** Deletes every file openWalFile made (afterEach). */
export function removeWalFiles(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** Resolves once `condition` holds, checking every 20 ms; rejects after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
