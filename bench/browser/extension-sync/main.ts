// The extension-sync benchmark's page, served by the real server on the seeded dataset: the
// large organisation's member signs in with the web app's flow, and the extension's sync module runs
// here exactly as the popup runs it (the module is the same), reading the real server over HTTP:
// (a) the first sync of every password secret the member reads into an empty index, sealed and
//     stored, against the floor of unwrapping and opening the same payloads bare in as many workers;
// (b) incremental syncs after 10 changes each: 10 secrets marked for deletion (a sync), then restored
//     (the sync measured: the 10 are read and opened again);
// (c) a popup's open: the sealed index read from its store, opened, and the page's matches ranked,
//     then the sync the popup runs behind them (nothing changed: one request).
import { markSecretForDeletion, unmarkSecretForDeletion } from '@coffer/web-src/api/secrets-api.js';
import { getToken } from '@coffer/web-src/api/token-store.js';
import { rankSecrets } from '../../../packages/extension/src/matching/rank-secrets.js';
import {
  createHttpTransport,
  createIndexKey,
  createIndexOpener,
  type IndexOpener,
  type IndexStore,
  loadIndex,
  openWorkerCount,
  READ_IDS_LIMIT,
  type SealedIndexBlob,
  SecretIndex,
  saveIndex,
  siteKey,
  syncIndex,
} from '../../../packages/extension/src/sync/index.js';
import { popupList } from '../../../packages/extension/src/vault/popup-list.js';
import { publishBench, signedInPrivateKey, signIn } from '../bench-kit.js';
import type { BareRecord, FromBareOpenWorker, ToBareOpenWorker } from './bare-open-protocol.js';
import { breakDownOpen, emptyBreakdown, type OpenBreakdown } from './open-breakdown.js';
import { renderList } from './popup-render.js';
import { countingFetch, type PageRequests, totalRequests } from './request-count.js';

const ORIGIN = window.location.origin;
const BATCH = 100;

interface State {
  userId: string;
  privateKey: CryptoKey;
  requests: PageRequests;
  fetch: typeof fetch;
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

/** After `signIn`: the signed-in member's id and unlocked key, the real server read through a counting fetch. */
async function setUp(userId: string): Promise<{ workers: number }> {
  const requests: PageRequests = { changes: 0, ids: 0, read: 0 };
  state = {
    userId,
    privateKey: signedInPrivateKey(),
    requests,
    fetch: countingFetch(requests),
    key: null,
    store: stringStore(),
    index: null,
  };
  return { workers: openWorkerCount() };
}

function transportOf(s: State) {
  return createHttpTransport({ server: ORIGIN, token: getToken, fetch: s.fetch });
}

/** (a) The extension's way: an empty index synced from the beginning, then sealed and stored. */
async function firstSyncOnce(s: State): Promise<{ ms: number; opened: number; failed: number }> {
  const startedAt = performance.now();
  const key = await createIndexKey();
  const opener = createIndexOpener({ userId: s.userId, privateKey: s.privateKey });
  try {
    const index = SecretIndex.empty({ userId: s.userId, server: ORIGIN });
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
      const init: ToBareOpenWorker = { type: 'init', userId: s.userId, privateKey: s.privateKey };
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

/**
 * The floor's input: every password secret the member reads, fetched from the server before the timing,
 * once each, with the sync's own reads (the readable ids, then the secrets a page of ids at a time).
 */
async function bareRecords(s: State): Promise<BareRecord[]> {
  const transport = transportOf(s);
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await transport.ids(after);
    ids.push(...page.items.map((item) => item.id));
    after = page.items.at(-1)?.id ?? null;
    if (!page.more || after === null) break;
  }
  const records: BareRecord[] = [];
  for (let start = 0; start < ids.length; start += READ_IDS_LIMIT) {
    const page = await transport.read(ids.slice(start, start + READ_IDS_LIMIT));
    for (const item of page.items) {
      const wrapped = item.secret_key?.encrypted_value;
      if (!wrapped) continue;
      records.push({
        id: item.id,
        revision: item.revision,
        data: item.encrypted_data,
        iv: item.encryption_iv,
        wrapped,
      });
    }
  }
  return records;
}

interface FirstSyncTimes {
  app: number[];
  bare: number[];
  opened: number;
  failed: number;
  /** The last first sync's requests, by read. */
  requests: PageRequests;
  blobBytes: number;
  workers: number;
  /** Password secrets the member reads with a key (the floor's records). */
  records: number;
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
    requests: { changes: 0, ids: 0, read: 0 },
    blobBytes: 0,
    workers,
    records: records.length,
  };
  for (let round = 0; round < rounds; round += 1) {
    const ways = [
      async () => {
        const before = { ...s.requests };
        const result = await firstSyncOnce(s);
        times.app.push(result.ms);
        times.opened = result.opened;
        times.failed = result.failed;
        times.requests = {
          changes: s.requests.changes - before.changes,
          ids: s.requests.ids - before.ids,
          read: s.requests.read - before.read,
        };
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

/**
 * `count` indexed secrets the member may change (the web app's mark for deletion answers 2xx; a chest
 * that refuses one is not tried again), each marked and restored at once so nothing is left changed.
 */
async function writableSecrets(index: SecretIndex, count: number): Promise<string[]> {
  const found: string[] = [];
  const refused = new Set<string>();
  for (const entry of index.entries()) {
    if (found.length === count) break;
    if (refused.has(entry.chestId)) continue;
    try {
      await markSecretForDeletion(entry.secretId);
    } catch {
      refused.add(entry.chestId);
      continue;
    }
    await unmarkSecretForDeletion(entry.secretId);
    found.push(entry.secretId);
  }
  if (found.length < count) throw new Error(`the member may change only ${found.length} indexed secrets`);
  return found;
}

/** One sync of the index with a counting opener, then sealed and stored: time, payloads, counts, requests. */
async function syncOnce(s: State, index: SecretIndex, key: CryptoKey) {
  const before = totalRequests(s.requests);
  const startedAt = performance.now();
  const opener = counting(createIndexOpener({ userId: s.userId, privateKey: s.privateKey }));
  try {
    const counts = await syncIndex({ index, transport: transportOf(s), opener });
    await saveIndex({ store: s.store, key }, index);
    return {
      ms: performance.now() - startedAt,
      payloads: opener.payloads,
      counts,
      requests: totalRequests(s.requests) - before,
    };
  } finally {
    opener.close();
  }
}

/**
 * (b) `rounds` times: `changes` secrets marked for deletion on the server and a sync (which drops
 * them), then the same restored and the sync measured: it must read those `changes` payloads, no more.
 */
async function incremental(
  rounds: number,
  changes: number,
): Promise<{ times: number[]; payloads: number[]; opened: number[]; requests: number[]; removed: number[] }> {
  const s = current();
  if (!s.index || !s.key) throw new Error('no first sync');
  const ids = await writableSecrets(s.index, changes);
  // The marks and restores above are changes too: the index reads them before the rounds start.
  await syncOnce(s, s.index, s.key);
  const result = {
    times: [] as number[],
    payloads: [] as number[],
    opened: [] as number[],
    requests: [] as number[],
    removed: [] as number[],
  };
  for (let round = 0; round < rounds; round += 1) {
    for (const id of ids) await markSecretForDeletion(id);
    const dropped = await syncOnce(s, s.index, s.key);
    result.removed.push(dropped.counts.removed);
    for (const id of ids) await unmarkSecretForDeletion(id);
    const restored = await syncOnce(s, s.index, s.key);
    result.times.push(restored.ms);
    result.payloads.push(restored.payloads);
    result.opened.push(restored.counts.opened);
    result.requests.push(restored.requests);
  }
  return result;
}

/** Page addresses of `count` different sites the index holds, spread over it. */
function pageUrls(index: SecretIndex, count: number): string[] {
  const urls = new Map<string, string>();
  for (const entry of index.entries()) {
    const site = entry.sites[0];
    const url = entry.urls[0]?.url;
    if (site && url && !urls.has(site)) urls.set(site, url);
  }
  const all = [...urls.values()];
  if (all.length === 0) throw new Error('the index holds no URL');
  return Array.from({ length: count }, (_, n) => all[(n * 7) % all.length] as string);
}

/**
 * (c) `times` popup opens: the blob read from its store and opened, the popup's list made (the page's
 * matches first) and rendered, then the sync the popup runs behind them. The floor, side by side: the
 * same index kept as plain JSON (no encryption, no packing, no compression), parsed and scanned for the
 * same site, and the same rows rendered: the least any index of these entries costs to consult and show.
 */
async function lookup(times: number): Promise<{
  total: number[];
  load: number[];
  find: number[];
  render: number[];
  rows: number;
  floor: number[];
  sync: number[];
  syncRequests: number[];
  syncPayloads: number[];
  candidates: number[];
  matches: number[];
  sites: number;
  /** Different sites the index holds. */
  indexSites: number;
  entries: number;
  plainBytes: number;
  steps: OpenBreakdown;
}> {
  const s = current();
  if (!s.key || !s.index) throw new Error('no first sync');
  const key = s.key;
  const synced = s.index;
  const owner = { userId: s.userId, server: ORIGIN };
  const plain = JSON.stringify(s.index.toSnapshot());
  const urls = pageUrls(s.index, times);
  const result = {
    total: [] as number[],
    load: [] as number[],
    find: [] as number[],
    render: [] as number[],
    rows: 0,
    floor: [] as number[],
    sync: [] as number[],
    syncRequests: [] as number[],
    syncPayloads: [] as number[],
    candidates: [] as number[],
    matches: [] as number[],
    sites: new Set(urls).size,
    indexSites: new Set([...s.index.entries()].flatMap((entry) => entry.sites)).size,
    entries: 0,
    plainBytes: plain.length,
    steps: emptyBreakdown(),
  };
  for (const [n, pageUrl] of urls.entries()) {
    const ways = [
      async () => {
        const startedAt = performance.now();
        const index = await loadIndex({ store: s.store, key }, owner);
        const loadedAt = performance.now();
        const list = popupList(index, pageUrl, '');
        const listedAt = performance.now();
        const rendered = renderList(list);
        result.total.push(performance.now() - startedAt);
        result.load.push(loadedAt - startedAt);
        result.find.push(listedAt - loadedAt);
        result.render.push(rendered);
        result.candidates.push(index.candidatesFor(pageUrl).length);
        result.matches.push(list.matching.size);
        result.rows = list.rows.length;
        result.entries = index.size;
        if (list.matching.size === 0) throw new Error(`no match for ${pageUrl}`);
        const synced = await syncOnce(s, index, key);
        result.sync.push(synced.ms);
        result.syncRequests.push(synced.requests);
        result.syncPayloads.push(synced.payloads);
      },
      async () => {
        const site = siteKey(pageUrl) ?? '';
        // The same rows as the popup's, made beforehand: the floor renders them but does no lookup of its own.
        const rows = popupList(synced, pageUrl, '');
        const startedAt = performance.now();
        const snapshot = JSON.parse(plain) as ReturnType<SecretIndex['toSnapshot']>;
        const found = snapshot.entries.filter((entry) => entry.sites.includes(site));
        if (found.length === 0) throw new Error('the floor found nothing');
        renderList(rows);
        result.floor.push(performance.now() - startedAt);
      },
    ];
    if (n % 2 === 1) ways.reverse();
    for (const way of ways) await way();
    await breakDownOpen(s.store, key, owner, result.steps);
  }
  return result;
}

/**
 * The popup as it was before its list was cut and its matches looked up by site, `times` pages: every
 * login matched against the page (the former `rankByTab`: `rankSecrets` over the whole index) and
 * every login rendered. Where the time went; not a goal.
 */
async function formerPopup(times: number): Promise<{ match: number[]; render: number[]; rows: number }> {
  const s = current();
  if (!s.index) throw new Error('no first sync');
  const index = s.index;
  const all = [...index.entries()];
  const result = { match: [] as number[], render: [] as number[], rows: 0 };
  for (const pageUrl of pageUrls(index, times)) {
    const startedAt = performance.now();
    rankSecrets(pageUrl, all);
    result.match.push(performance.now() - startedAt);
    const everything = popupList(index, pageUrl, '', Number.POSITIVE_INFINITY);
    result.rows = everything.rows.length;
    result.render.push(renderList(everything));
  }
  return result;
}

publishBench('extensionSyncBench', { signIn, setUp, firstSync, incremental, lookup, formerPopup });
