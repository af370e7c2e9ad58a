// @vitest-environment node
// Node's WebCrypto: jsdom's realm does not hand every key to it (docs/testing.md).
import { generateUserKeyPair } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIndexOpener, createInlineOpener, createWorkerOpener, WORKER_THRESHOLD } from './open-pool.js';
import type { FromOpenWorker, ToOpenWorker } from './open-protocol.js';
import { createOpenWorkerHandler } from './open-protocol.js';
import type { ChangedSecret } from './open-record.js';
import { toChangedSecret } from './open-record.js';
import { FakeSyncServer } from './testing/fake-sync-server.js';

const USER = 'user-1';
let privateKey: CryptoKey;
let secrets: ChangedSecret[];

beforeAll(async () => {
  const pair = await generateUserKeyPair();
  privateKey = pair.privateKey;
  const server = new FakeSyncServer(USER, pair.publicKey);
  for (let n = 0; n < 5; n += 1)
    await server.add({ name: `S${n}`, payload: { url: `https://s${n}.example`, password: 'pw' } });
  secrets = (await server.transport.changes(null, 10)).items.map(toChangedSecret);
}, 30_000);

/** A Worker stand-in that runs the real handler in this thread, through structured clones as a worker would. */
class InThreadWorker extends EventTarget {
  readonly received: ToOpenWorker[] = [];
  terminated = false;
  private readonly handle = createOpenWorkerHandler();

  constructor(private readonly brokenOnOpen = false) {
    super();
  }

  postMessage(message: ToOpenWorker): void {
    this.received.push(message);
    if (this.brokenOnOpen && message.type === 'open') {
      queueMicrotask(() => this.dispatchEvent(new Event('error')));
      return;
    }
    const copy = message.type === 'init' ? message : structuredClone(message);
    void this.handle(copy).then((reply: FromOpenWorker | null) => {
      if (reply) this.dispatchEvent(new MessageEvent('message', { data: structuredClone(reply) }));
    });
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe('the worker opener', () => {
  it('hands the key to each worker once and opens batches there, in order', async () => {
    const workers: InThreadWorker[] = [];
    const opener = createWorkerOpener(
      { userId: USER, privateKey },
      {
        count: 2,
        spawn: () => {
          const worker = new InThreadWorker();
          workers.push(worker);
          return worker as unknown as Worker;
        },
      },
    );

    const outcomes = await Promise.all([opener.open(secrets.slice(0, 3)), opener.open(secrets.slice(3))]);

    expect(opener.kind).toBe('workers');
    expect(outcomes.flat().map((outcome) => (outcome.ok ? outcome.entry.name : 'failed'))).toEqual([
      'S0',
      'S1',
      'S2',
      'S3',
      'S4',
    ]);
    expect(workers.map((worker) => worker.received.filter((m) => m.type === 'init').length)).toEqual([1, 1]);
    expect(workers.every((worker) => worker.received.some((m) => m.type === 'open'))).toBe(true);
    opener.close();
    expect(workers.every((worker) => worker.terminated)).toBe(true);
    await expect(opener.open(secrets)).rejects.toThrow('The opener is closed.');
  });

  it('opens inline when a worker cannot start, and when one fails mid-batch', async () => {
    const cannot = createWorkerOpener(
      { userId: USER, privateKey },
      {
        count: 2,
        spawn: () => {
          throw new Error('no workers');
        },
      },
    );
    expect(cannot.kind).toBe('inline');
    expect((await cannot.open(secrets)).every((outcome) => outcome.ok)).toBe(true);

    const failing = createWorkerOpener(
      { userId: USER, privateKey },
      { count: 1, spawn: () => new InThreadWorker(true) as unknown as Worker },
    );
    expect((await failing.open(secrets)).every((outcome) => outcome.ok)).toBe(true);
    expect(failing.kind).toBe('inline');
  });

  it('a worker refuses a batch before its key arrives', async () => {
    const handle = createOpenWorkerHandler();
    await expect(handle({ type: 'open', id: 7, secrets })).resolves.toEqual({ type: 'refused', id: 7 });
  });
});

describe('the default opener', () => {
  it('stays inline for a few payloads and starts the workers for a large batch', async () => {
    let started = 0;
    const opener = createIndexOpener({ userId: USER, privateKey }, () => {
      started += 1;
      return createInlineOpener({ userId: USER, privateKey });
    });
    await opener.open(secrets.slice(0, 2));
    expect(started).toBe(0);
    await opener.open(Array.from({ length: WORKER_THRESHOLD }, () => secrets[0] as ChangedSecret));
    await opener.open(secrets);
    expect(started).toBe(1);
  });
});
