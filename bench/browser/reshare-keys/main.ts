// The reshare-keys benchmark's page, served by the real server. The administrator signs in with the
// web app's own flow (which unlocks the private key into the key store) and trusts the newcomer's
// key as the add-user flow does (trustCreatedKey), then the missing keys are filled two ways:
// `app` is the web app's background reshare exactly as an administrator's browser runs it
// (reshareRunner.poll: count, fetch pages, trust rule, rewrap in the app's Web Workers, deliver,
// recount), `raw` fetches the same pages with a plain fetch and rewraps the same keys in as many
// bare workers (`subtle.decrypt` and `subtle.encrypt` RSA-OAEP only), delivering nothing.
// Every request the app makes is timed from its start to the end of its body.
import { KEYSHARE_FETCH_LIMIT, type ReshareAllResponse } from '@coffer/core';
import { getToken } from '@coffer/web-src/api/token-store.js';
import { DELIVERY_SIZE, REWRAP_BATCH_SIZE } from '@coffer/web-src/crypto-client/reshare-keys.js';
import { reshareRunner } from '@coffer/web-src/crypto-client/reshare-runner.js';
import { rewrapWorkerCount } from '@coffer/web-src/crypto-client/rewrapper.js';
import { trustCreatedKey } from '@coffer/web-src/keys/key-trust.js';
import { publishBench, signedInPrivateKey, signIn } from '../bench-kit.js';
import type { BarePair, FromBareWorker, ToBareWorker } from './bare-rewrap-protocol.js';

/** What a request of the app's run was for. */
export type RequestKind = 'count' | 'page' | 'deliver' | 'other';

interface RequestTiming {
  kind: RequestKind;
  ms: number;
  status: number;
}

/**
 * A request of the app's run as the server saw it, for the replay from outside the browser
 * (reshare-keys/reshare-replay.mjs): offsets in ms from the run's start.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  startMs: number;
  endMs: number;
}

const plainFetch = window.fetch.bind(window);
const requests: RequestTiming[] = [];
let recording: { startedAt: number; requests: RecordedRequest[] } | null = null;
let recorded: RecordedRequest[] = [];

function kindOf(url: string, method: string): RequestKind {
  if (url.includes('/secret_keys/reshare_all')) return /[?&]limit=1(&|$)/.test(url) ? 'count' : 'page';
  if (url.includes('/secret_keys/reshare.json') && method === 'POST') return 'deliver';
  return 'other';
}

// Every request the app makes is timed to the end of its body (the app reads it whole anyway).
window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const startedAt = performance.now();
  const response = await plainFetch(input, init);
  const body = await response.arrayBuffer();
  const endedAt = performance.now();
  requests.push({ kind: kindOf(url, method), ms: endedAt - startedAt, status: response.status });
  if (recording) {
    if (typeof init?.body !== 'string' && init?.body != null)
      throw new Error('a body the replay cannot send');
    const target = new URL(url, window.location.href);
    recording.requests.push({
      method,
      path: `${target.pathname}${target.search}`,
      headers: headersOf(new Headers(input instanceof Request ? input.headers : init?.headers)),
      body: init?.body ?? null,
      startMs: startedAt - recording.startedAt,
      endMs: endedAt - recording.startedAt,
    });
  }
  const empty = [101, 204, 205, 304].includes(response.status);
  return new Response(empty ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

function headersOf(headers: Headers): Record<string, string> {
  const plain: Record<string, string> = {};
  headers.forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

let newcomer: { id: string; publicKey: string } | null = null;
let pairs: BarePair[] = [];

/** The add-user flow's act: this browser made the newcomer's key pair, so it trusts that key. */
async function trustNewcomer(ownerId: string, id: string, publicKey: string, missing: BarePair[]) {
  await trustCreatedKey(id, publicKey, ownerId);
  newcomer = { id, publicKey };
  pairs = missing;
}

export interface RequestSummary {
  count: number;
  totalMs: number;
  maxMs: number;
}

export interface AppRun {
  ms: number;
  shared: number;
  failed: number;
  waiting: number;
  missing: number;
  left: number | null;
  rewrappedIn: string;
  requests: Record<RequestKind, RequestSummary>;
  longest: { kind: RequestKind; ms: number };
  statuses: number[];
}

/** One background run as the app's runner makes it (poll, forced: a key was just trusted). */
async function runApp(ownerId: string, record = false): Promise<AppRun> {
  requests.length = 0;
  const before = reshareRunner.store.get().lastResult;
  const startedAt = performance.now();
  recording = record ? { startedAt, requests: [] } : null;
  try {
    await reshareRunner.poll(ownerId, { force: true });
  } finally {
    if (recording) recorded = recording.requests;
    recording = null;
  }
  const ms = performance.now() - startedAt;
  const state = reshareRunner.store.get();
  const result = state.lastResult;
  // The runner swallows errors (the background never interrupts anyone): a run that did not happen shows here.
  if (!result || result === before) throw new Error('the background reshare did not run');
  const summary = (kind: RequestKind): RequestSummary => {
    const own = requests.filter((request) => request.kind === kind);
    return {
      count: own.length,
      totalMs: own.reduce((sum, request) => sum + request.ms, 0),
      maxMs: Math.max(0, ...own.map((request) => request.ms)),
    };
  };
  const longest = requests.reduce<{ kind: RequestKind; ms: number }>(
    (worst, request) => (request.ms > worst.ms ? { kind: request.kind, ms: request.ms } : worst),
    { kind: 'other', ms: 0 },
  );
  return {
    ms,
    shared: result.shared,
    failed: result.failed,
    waiting: result.waiting,
    missing: result.missing,
    left: state.total,
    rewrappedIn: result.rewrappedIn,
    requests: {
      count: summary('count'),
      page: summary('page'),
      deliver: summary('deliver'),
      other: summary('other'),
    },
    longest,
    statuses: [...new Set(requests.map((request) => request.status))],
  };
}

async function fetchMissingPlainly(): Promise<ReshareAllResponse> {
  const response = await plainFetch(`/api/v1/secret_keys/reshare_all.json?limit=${KEYSHARE_FETCH_LIMIT}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (response.status !== 200) throw new Error(`reshare_all answered ${response.status}`);
  return (await response.json()) as ReshareAllResponse;
}

/**
 * The bare reference: as many bare workers as the app starts, pages of the app's size fetched with
 * a plain fetch (`fetchPages`), each page's keys rewrapped in batches of the app's size, one batch
 * per worker at a time. Nothing is delivered, so the server keeps listing the same first page: the
 * keys rewrapped are the N distinct pairs handed in, checked against that first page. Answers ms.
 */
async function runRaw(ownerId: string, count: number, fetchPages: boolean): Promise<number> {
  if (!newcomer) throw new Error('not signed in');
  const privateKey = signedInPrivateKey();
  const work = pairs.slice(0, count);
  const known = new Map(pairs.map((pair) => [pair.secret_id, pair.encrypted_value]));
  const startedAt = performance.now();
  const workers = Array.from(
    { length: rewrapWorkerCount() },
    () => new Worker(new URL('./bare-rewrap-worker.ts', import.meta.url), { type: 'module' }),
  );
  try {
    const init: ToBareWorker = {
      type: 'init',
      privateKey,
      publicKey: newcomer.publicKey,
      ownerId,
      newcomerId: newcomer.id,
    };
    for (const worker of workers) worker.postMessage(init);
    let nextId = 1;
    const rewrapIn = (worker: Worker, batch: BarePair[]) =>
      new Promise<number>((resolve, reject) => {
        const id = nextId++;
        const onMessage = (event: MessageEvent<FromBareWorker>) => {
          if (event.data.id !== id) return;
          worker.removeEventListener('message', onMessage);
          if (event.data.type === 'done') resolve(event.data.wrapped.length);
          else reject(new Error(event.data.message));
        };
        worker.addEventListener('message', onMessage);
        const message: ToBareWorker = { type: 'rewrap', id, pairs: batch };
        worker.postMessage(message);
      });
    for (let start = 0; start < work.length; start += KEYSHARE_FETCH_LIMIT) {
      if (fetchPages) {
        const page = await fetchMissingPlainly();
        for (const listed of page.keyshare) {
          if (listed.user_id !== newcomer.id || known.get(listed.secret_id) !== listed.encrypted_value)
            throw new Error('the server listed a pair the reference does not hold');
        }
      }
      const slice = work.slice(start, start + KEYSHARE_FETCH_LIMIT);
      const batches: BarePair[][] = [];
      for (let at = 0; at < slice.length; at += REWRAP_BATCH_SIZE)
        batches.push(slice.slice(at, at + REWRAP_BATCH_SIZE));
      let next = 0;
      let wrapped = 0;
      await Promise.all(
        workers.map(async (worker) => {
          for (let batch = batches[next++]; batch; batch = batches[next++]) {
            const done = await rewrapIn(worker, batch);
            wrapped += done;
          }
        }),
      );
      if (wrapped !== slice.length) throw new Error(`rewrapped ${wrapped} of ${slice.length} keys`);
    }
    return performance.now() - startedAt;
  } finally {
    for (const worker of workers) worker.terminate();
  }
}

publishBench('reshareKeysBench', {
  signIn,
  trustNewcomer,
  runApp,
  // The requests of the last run made with `record`.
  recorded: () => recorded,
  runRaw,
  threads: rewrapWorkerCount,
  deliverySize: DELIVERY_SIZE,
});
