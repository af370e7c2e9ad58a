import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from './data-dir.js';

/** Kinds of value that must never reach the server's log. */
export type SensitiveKind =
  | 'password'
  | 'auth hash'
  | 'session token'
  | 'encrypted private key'
  | 'recovery code'
  | 'authenticator key';

/** One value a journey saw, with what it is (for the failure message, never the value itself). */
export interface SensitiveValue {
  kind: SensitiveKind;
  value: string;
}

// Files, not memory: Playwright restarts a worker after a failure and runs files in two workers.
const folder = path.join(dataDir, 'sensitive');

/** Remembers values a journey used or saw, for the log-hygiene journey to look for. */
export async function recordSensitive(...values: SensitiveValue[]): Promise<void> {
  const kept = values.filter((entry) => entry.value.length >= 8);
  if (kept.length === 0) return;
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, `${randomUUID()}.json`), JSON.stringify(kept), { mode: 0o600 });
}

/** Every value recorded so far in this run. */
export async function readSensitive(): Promise<SensitiveValue[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const lists = await Promise.all(
    names.map(
      async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as SensitiveValue[],
    ),
  );
  return lists.flat();
}
