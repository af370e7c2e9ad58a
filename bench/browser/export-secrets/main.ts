// The export-secrets benchmark's page, served by the real server. It signs in with the web app's
// own flow (which unlocks the private key into the key store), then exports N secrets two ways:
// `app` is the owner's Download all secrets as the web app runs it (list the chests and the
// secrets' metadata, open each secret with the crypto client, write secrets.xlsx with
// write-excel-file), `raw` opens the same N secrets with a plain fetch and bare WebCrypto calls, as
// many at a time as the app does. `decrypt` is bare WebCrypto alone on records already fetched.
import type { Secret } from '@coffer/core';
import { exportSecrets, listExportSource } from '@coffer/web-src/secret-export/export-secrets.js';
import { OPEN_CONCURRENCY } from '@coffer/web-src/secret-export/open-secrets-batch.js';
import { decryptRaw, fetchSecretPlainly } from '../bare-webcrypto.js';
import { publishBench, signedInPrivateKey, signIn } from '../bench-kit.js';

/** Runs `act` over `items`, `concurrency` at a time, as the export's batch does. */
async function pool<T>(
  items: readonly T[],
  concurrency: number,
  act: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await act(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** One export as the app makes it, cut to `count` secrets: listing, opening, writing the file. */
async function exportWithApp(userId: string, count: number): Promise<{ bytes: number; sheets: number }> {
  const source = await listExportSource();
  if (source.rows.length < count) throw new Error(`the member reads only ${source.rows.length} secrets`);
  const result = await exportSecrets({ chests: source.chests, rows: source.rows.slice(0, count) }, userId);
  if (result.exported !== count) throw new Error(`exported ${result.exported} of ${count} secrets`);
  return { bytes: result.file.size, sheets: result.sheets };
}

/** The same secrets opened with a plain fetch and bare WebCrypto, as many at a time as the app. */
async function openRaw(ids: readonly string[], userId: string): Promise<void> {
  await pool(ids, OPEN_CONCURRENCY, async (id) =>
    decryptRaw(await fetchSecretPlainly(id), userId, signedInPrivateKey()),
  );
}

interface Measured {
  count: number;
  concurrency: number;
  app: number[];
  raw: number[];
  decrypt: number[];
  bytes: number;
  sheets: number;
}

/**
 * Exports `count` secrets `rounds` times each way (the order alternating per round), after a warm-up
 * of `warmup` secrets each way. Answers the durations of whole runs, in milliseconds.
 */
async function measure(userId: string, count: number, rounds: number, warmup: number): Promise<Measured> {
  const source = await listExportSource();
  const ids = source.rows.slice(0, count).map((row) => row.id);
  await exportWithApp(userId, warmup);
  await openRaw(ids.slice(0, warmup), userId);
  const times: Measured = {
    count,
    concurrency: OPEN_CONCURRENCY,
    app: [],
    raw: [],
    decrypt: [],
    bytes: 0,
    sheets: 0,
  };
  for (let round = 0; round < rounds; round += 1) {
    const ways = [
      async () => {
        const startedAt = performance.now();
        const file = await exportWithApp(userId, count);
        times.app.push(performance.now() - startedAt);
        times.bytes = file.bytes;
        times.sheets = file.sheets;
      },
      async () => {
        const startedAt = performance.now();
        await openRaw(ids, userId);
        times.raw.push(performance.now() - startedAt);
      },
    ];
    if (round % 2 === 1) ways.reverse();
    for (const way of ways) await way();
  }
  // WebCrypto alone: the records fetched first, then only unwrapped and decrypted.
  const records: Secret[] = [];
  await pool(ids, OPEN_CONCURRENCY, async (id) => records.push(await fetchSecretPlainly(id)));
  const startedAt = performance.now();
  await pool(records, OPEN_CONCURRENCY, (record) => decryptRaw(record, userId, signedInPrivateKey()));
  times.decrypt.push(performance.now() - startedAt);
  return times;
}

publishBench('exportSecretsBench', { signIn, measure });
