import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  BINARY_SAMPLES,
  SUPPORTED_SAMPLES,
  sampleBytes,
  sampleFolderZip,
  sampleText,
} from '../test/import-samples.js';
import { parseExport } from './detect-format.js';
import type { OpenOptions } from './formats/import-format.js';
import { ImportError } from './import-error.js';

// Damaged files must end in a clear per-file error (ImportError) or a parsed file with per-row
// problems: never another exception, and never a hang. The damage is seeded, so a failure replays.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function damaged(text: string, next: () => number): string[] {
  const cut = (at: number) => text.slice(0, Math.floor(text.length * at));
  const flipped = [...text]
    .map((char) => (next() < 0.02 ? String.fromCharCode(Math.floor(next() * 128)) : char))
    .join('');
  const lines = text.split('\n');
  const shuffled = lines.map((_, index) => lines[(index * 7 + 3) % lines.length] ?? '').join('\n');
  return [
    cut(0.1),
    cut(0.5),
    cut(0.97),
    flipped,
    shuffled,
    `${text}\n"unclosed,quote`,
    text.replaceAll('"', ''),
  ];
}

// JSON whose every value may be swapped for one of another type (null, a number, a list, an object).
function mistyped(value: unknown, next: () => number): unknown {
  if (next() < 0.08) return [null, 7, 'text', [], {}, true][Math.floor(next() * 6)];
  if (Array.isArray(value)) return value.map((entry) => mistyped(entry, next));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, mistyped(entry, next)]));
  return value;
}

async function outcome(input: string | Uint8Array, options: OpenOptions = {}): Promise<'parsed' | 'refused'> {
  try {
    const file = await parseExport(input, options);
    expect(Array.isArray(file.items)).toBe(true);
    return 'parsed';
  } catch (error) {
    if (error instanceof ImportError) return 'refused';
    throw error;
  }
}

describe('every parser against damaged files', () => {
  it.each(SUPPORTED_SAMPLES)('%s: %s/%s', async (_format, folder, file) => {
    const text = sampleText(folder, file);
    const next = random(text.length);
    const started = Date.now();
    for (const variant of damaged(text, next)) await outcome(variant);
    if (file.endsWith('.json')) {
      const json: unknown = JSON.parse(text);
      for (let round = 0; round < 40; round += 1) await outcome(JSON.stringify(mistyped(json, next)));
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

const PASSWORDS: Record<string, OpenOptions> = {
  'kdbxweb-KDBX4.1.kdbx': { password: 'test' },
  'keepassxc-Format300.kdbx': { password: 'a' },
};

describe('every binary parser against damaged files', () => {
  it.each(BINARY_SAMPLES)('%s: %s/%s', async (_format, folder, file) => {
    const bytes = sampleBytes(folder, file);
    const next = random(bytes.length);
    const started = Date.now();
    const flipped = bytes.map((byte) => (next() < 0.01 ? Math.floor(next() * 256) : byte));
    // Protected files are opened with their right password, so the damage is met past the key check.
    const options = PASSWORDS[file] ?? {};
    for (const variant of [bytes.slice(0, 4), bytes.slice(0, bytes.length / 2), bytes.slice(0, -20), flipped])
      await outcome(variant, options);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the OPVault reader against damaged vaults', () => {
  it('keepassxc.opvault, zipped: the zip and each file inside damaged', async () => {
    const vault = sampleFolderZip('1password-opvault', 'keepassxc.opvault', 'default');
    const next = random(vault.length);
    const started = Date.now();
    const flip = (bytes: Uint8Array) =>
      bytes.map((byte) => (next() < 0.02 ? Math.floor(next() * 256) : byte));
    const variants = [vault.slice(0, vault.length / 2), vault.slice(0, -20), flip(vault)];
    const entries = unzipSync(vault);
    for (const name of Object.keys(entries)) {
      const entry = entries[name] ?? new Uint8Array();
      for (const damage of [flip(entry), entry.slice(0, entry.length / 2)])
        variants.push(zipSync({ ...entries, [name]: damage }));
    }
    // Opened with its right password, so the damage is met past the key check.
    for (const variant of variants) await outcome(variant, { password: 'a' });
    // Each variant derives the key again (100,000 PBKDF2-SHA512 rounds): the bound is theirs.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
