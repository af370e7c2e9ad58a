// The extension-sync benchmark's page, served by the real server (its origin and CSP; the sync's
// reads are answered in the page, sync-page-api.ts). The extension's sync module runs here exactly
// as the popup or an offscreen document runs it (the module is the same; the popup is h5's):
// (a) the first sync of N password secrets into an empty index, sealed and stored, against the floor
//     of unwrapping and opening the same N payloads bare in as many workers;
// (b) incremental syncs after 10 changes each: payloads opened and time;
// (c) a popup's open: the sealed index read from its store, opened, and the page's candidates found.
import { generateUserKeyPair, type PasswordPayload } from '@coffer/core';
import {
  createHttpTransport,
  createIndexKey,
  createIndexOpener,
  type IndexOpener,
  type IndexStore,
  loadIndex,
  openWorkerCount,
  type SealedIndexBlob,
  SecretIndex,
  saveIndex,
  syncIndex,
} from '../../../packages/extension/src/sync/index.js';
import { FakeSyncServer } from '../../../packages/extension/src/sync/testing/fake-sync-server.js';
import { publishBench } from '../bench-kit.js';
import type { BareRecord, FromBareOpenWorker, ToBareOpenWorker } from './bare-open-protocol.js';
import { type PageRequests, pageFetch } from './sync-page-api.js';

const CALLER = 'u-bench-caller';
const ORIGIN = window.location.origin;
const BATCH = 100;
const SITES = 4_000;

interface State {
  server: FakeSyncServer;
  privateKey: CryptoKey;
  requests: PageRequests;
  fetch: typeof fetch;
  ids: string[];
  key: CryptoKey | null;
  store: IndexStore & { readonly bytes: number };
  index: SecretIndex | null;
}

let state: State | null = null;

function current(): State {
  if (!state) throw new Error('not set up');
  return state;
}

/** The blob kept as a JSON string, as chrome.storage.local serialises what it stores. */
function stringStore(): IndexStore & { readonly bytes: number } {
  let text: string | null = null;
  return {
    get bytes() {
      return text?.length ?? 0;
    },
    read: async () => (text === null ? null : (JSON.parse(text) as SealedIndexBlob)),
    write: async (blob) => {
      text = JSON.stringify(blob);
    },
    clear: async () => {
      text = null;
    },
  };
}

function payloadOf(n: number): Partial<PasswordPayload> {
  const site = n % SITES;
  return {
    username: `person${n}@mail.example.net`,
    password: `Tr0ub4dor&3-${n}-${Math.random().toString(36).slice(2)}`,
    url: `https://login.brand${site}.com/signin`,
    note: `Rotated every quarter (${n}); ask Operations before changing it.`,
    ...(n % 5 === 0
      ? {
          urlMatch: 'starts-with' as const,
          moreUrls: [{ url: `https://brand${site}.co.uk/`, match: 'host' as const }],
        }
      : {}),
  };
}

/** The caller with a real RSA-3072 pair (the private key non-extractable, as unlocked) and `count` secrets. */
async function setUp(count: number, latencyMs: number): Promise<{ workers: number; count: number }> {
  const pair = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  const privateKey = await crypto.subtle.importKey(
    'pkcs8',
    pkcs8,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['decrypt'],
  );
  const server = new FakeSyncServer(CALLER, pair.publicKey);
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    ids.push(
      await server.add({
        name: `Login ${n}`,
        chestId: `c-${n % 7}`,
        chestName: `Chest ${n % 7}`,
        payload: payloadOf(n),
      }),
    );
  }
  const requests = { changes: 0, ids: 0, secret: 0 };
  state = {
    server,
    privateKey,
    requests,
    fetch: pageFetch(server, latencyMs, requests),
    ids,
    key: null,
    store: stringStore(),
    index: null,
  };
  return { workers: openWorkerCount(), count };
}

function transportOf(s: State) {
  return createHttpTransport({ server: ORIGIN, token: () => 'bench-token', fetch: s.fetch });
}

/** (a) The extension's way: an empty index synced from the beginning, then sealed and stored. */
async function firstSyncOnce(s: State): Promise<{ ms: number; opened: number; failed: number }> {
  const startedAt = performance.now();
  const key = await createIndexKey();
  const opener = createIndexOpener({ userId: CALLER, privateKey: s.privateKey });
  try {
    const index = SecretIndex.empty({ userId: CALLER, server: ORIGIN });
    const counts = await syncIndex({ index, transport: transportOf(s), opener });
    await saveIndex({ store: s.store, key }, index);
    const ms = performance.now() - startedAt;
    s.key = key;
    s.index = index;
    return { ms, opened: counts.opened, failed: counts.failed };
  } finally {
    opener.close();
  }
}

/** (a) The floor: the same records, already in the page, opened bare in as many workers, 100 a message. */
async function bareOnce(records: readonly BareRecord[], s: State, workers: number): Promise<number> {
  const startedAt = performance.now();
  const pool = Array.from(
    { length: workers },
    () => new Worker(new URL('./bare-open-worker.ts', import.meta.url), { type: 'module' }),
  );
  try {
    for (const worker of pool) {
      const init: ToBareOpenWorker = { type: 'init', userId: CALLER, privateKey: s.privateKey };
      worker.postMessage(init);
    }
    let next = 0;
    let id = 0;
    await Promise.all(
      pool.map(async (worker) => {
        while (next < records.length) {
          const batch = records.slice(next, next + BATCH);
          next += BATCH;
          id += 1;
          const mine = id;
          await new Promise<void>((resolve, reject) => {
            const onMessage = (event: MessageEvent<FromBareOpenWorker>) => {
              if (event.data.id !== mine) return;
              worker.removeEventListener('message', onMessage);
              if (event.data.type === 'opened') resolve();
              else reject(new Error('the bare worker failed'));
            };
            worker.addEventListener('message', onMessage);
            const message: ToBareOpenWorker = { type: 'open', id: mine, records: batch };
            worker.postMessage(message);
          });
        }
      }),
    );
    return performance.now() - startedAt;
  } finally {
    for (const worker of pool) worker.terminate();
  }
}

async function bareRecords(s: State): Promise<BareRecord[]> {
  const page = await s.server.transport.changes(null, Number.MAX_SAFE_INTEGER);
  return page.items.map((item) => ({
    id: item.id,
    revision: item.revision,
    data: item.encrypted_data,
    iv: item.encryption_iv,
    wrapped: item.secret_key?.encrypted_value ?? '',
  }));
}

interface FirstSyncTimes {
  app: number[];
  bare: number[];
  opened: number;
  failed: number;
  requests: number;
  blobBytes: number;
  workers: number;
}

/** (a) `rounds` first syncs each way, the order alternating. */
async function firstSync(rounds: number): Promise<FirstSyncTimes> {
  const s = current();
  const records = await bareRecords(s);
  const workers = openWorkerCount();
  const times: FirstSyncTimes = {
    app: [],
    bare: [],
    opened: 0,
    failed: 0,
    requests: 0,
    blobBytes: 0,
    workers,
  };
  for (let round = 0; round < rounds; round += 1) {
    const ways = [
      async () => {
        const before = s.requests.changes;
        const result = await firstSyncOnce(s);
        times.app.push(result.ms);
        times.opened = result.opened;
        times.failed = result.failed;
        times.requests = s.requests.changes - before;
      },
      async () => {
        times.bare.push(await bareOnce(records, s, workers));
      },
    ];
    if (round % 2 === 1) ways.reverse();
    for (const way of ways) await way();
  }
  times.blobBytes = s.store.bytes;
  return times;
}

/** An opener that counts the payloads it is handed. */
function counting(opener: IndexOpener): IndexOpener & { payloads: number } {
  const wrapped = {
    payloads: 0,
    kind: opener.kind,
    threads: opener.threads,
    open: (secrets: Parameters<IndexOpener['open']>[0]) => {
      wrapped.payloads += secrets.length;
      return opener.open(secrets);
    },
    close: () => opener.close(),
  };
  return wrapped;
}

/** (b) `rounds` times: `changes` secrets edited on the server, then one incremental sync, sealed and stored. */
async function incremental(
  rounds: number,
  changes: number,
): Promise<{ times: number[]; payloads: number[]; opened: number[]; requests: number[] }> {
  const s = current();
  if (!s.index || !s.key) throw new Error('no first sync');
  const result = {
    times: [] as number[],
    payloads: [] as number[],
    opened: [] as number[],
    requests: [] as number[],
  };
  for (let round = 0; round < rounds; round += 1) {
    for (let n = 0; n < changes; n += 1) {
      const at = (round * changes + n) * 97;
      const id = s.ids[at % s.ids.length] as string;
      await s.server.edit(id, { ...payloadOf(at), note: `Edited in round ${round}` });
    }
    const before = s.requests.changes + s.requests.ids + s.requests.secret;
    const startedAt = performance.now();
    const opener = counting(createIndexOpener({ userId: CALLER, privateKey: s.privateKey }));
    try {
      const counts = await syncIndex({ index: s.index, transport: transportOf(s), opener });
      await saveIndex({ store: s.store, key: s.key }, s.index);
      result.times.push(performance.now() - startedAt);
      result.payloads.push(opener.payloads);
      result.opened.push(counts.opened);
      result.requests.push(s.requests.changes + s.requests.ids + s.requests.secret - before);
    } finally {
      opener.close();
    }
  }
  return result;
}

/**
 * (c) `times` popup opens: the blob read from its store and opened, then the page's candidates. The
 * floor, side by side: the same index kept as plain JSON (no encryption, no packing, no compression),
 * parsed and scanned for the same page: the least any index of these entries costs to consult.
 */
async function lookup(times: number): Promise<{
  total: number[];
  load: number[];
  find: number[];
  floor: number[];
  candidates: number[];
  entries: number;
  plainBytes: number;
}> {
  const s = current();
  if (!s.key || !s.index) throw new Error('no first sync');
  const plain = JSON.stringify(s.index.toSnapshot());
  const result = {
    total: [] as number[],
    load: [] as number[],
    find: [] as number[],
    floor: [] as number[],
    candidates: [] as number[],
    entries: 0,
    plainBytes: plain.length,
  };
  for (let n = 0; n < times; n += 1) {
    const pageUrl = `https://www.brand${(n * 389) % SITES}.com/account/login?next=%2F`;
    const site = `brand${(n * 389) % SITES}.com`;
    const ways = [
      async () => {
        const startedAt = performance.now();
        const index = await loadIndex(
          { store: s.store, key: s.key as CryptoKey },
          { userId: CALLER, server: ORIGIN },
        );
        const loadedAt = performance.now();
        const candidates = index.candidatesFor(pageUrl);
        const doneAt = performance.now();
        result.total.push(doneAt - startedAt);
        result.load.push(loadedAt - startedAt);
        result.find.push(doneAt - loadedAt);
        result.candidates.push(candidates.length);
        result.entries = index.size;
      },
      async () => {
        const startedAt = performance.now();
        const snapshot = JSON.parse(plain) as ReturnType<SecretIndex['toSnapshot']>;
        const found = snapshot.entries.filter((entry) => entry.sites.includes(site));
        if (found.length === 0) throw new Error('the floor found nothing');
        result.floor.push(performance.now() - startedAt);
      },
    ];
    if (n % 2 === 1) ways.reverse();
    for (const way of ways) await way();
  }
  return result;
}

publishBench('extensionSyncBench', { setUp, firstSync, incremental, lookup });
