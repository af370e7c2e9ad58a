import type { KeyShare } from '@coffer/core';
import { generateSecretKey, importPublicKey, openSecret, unwrapSecretKey, wrapSecretKey } from '@coffer/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FromRewrapWorker, ToRewrapWorker } from './rewrap-protocol.js';
import { createRewrapWorkerHandler } from './rewrap-protocol.js';
import { createPageRewrapper, createWorkerRewrapper } from './rewrapper.js';
import type { TestUserKeys } from './testing/test-user-keys.js';
import { makeTestUserKeys } from './testing/test-user-keys.js';

let admin: TestUserKeys;
let dora: TestUserKeys;

beforeAll(async () => {
  [admin, dora] = await Promise.all([makeTestUserKeys('u-admin'), makeTestUserKeys('u-dora')]);
}, 60_000);

/**
 * A dedicated worker in the same thread: messages are structured-cloned both ways (so the private
 * key really is cloned, as postMessage does) and answered by the worker's own handler.
 */
class FakeWorker {
  static spawned: FakeWorker[] = [];
  readonly received: ToRewrapWorker[] = [];
  terminated = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  private readonly handle = createRewrapWorkerHandler(async () => 3);

  constructor() {
    FakeWorker.spawned.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  postMessage(message: ToRewrapWorker) {
    const copy = structuredClone(message);
    this.received.push(copy);
    void this.handle(copy).then((reply: FromRewrapWorker | null) => {
      if (!reply || this.terminated) return;
      for (const listener of this.listeners.get('message') ?? [])
        listener(new MessageEvent('message', { data: structuredClone(reply) }));
    });
  }

  fail() {
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }

  terminate() {
    this.terminated = true;
  }
}

async function pairsFor(count: number): Promise<KeyShare[]> {
  const pairs: KeyShare[] = [];
  for (let index = 0; index < count; index += 1) {
    const secretId = `s-${index}`;
    const own = await wrapSecretKey(generateSecretKey(), admin.publicKey, { secretId, userId: 'u-admin' });
    pairs.push({
      secret_id: secretId,
      user_id: 'u-dora',
      public_key: dora.publicKey,
      encrypted_value: own,
      vault_id: 'c-1',
      hidden: false,
    });
  }
  return pairs;
}

const owner = () => ({ userId: 'u-admin', privateKey: admin.privateKey });

describe('rewrapping in workers', () => {
  it('gives each worker the private key once, spreads the batches over them, and ends them on close', async () => {
    FakeWorker.spawned = [];
    const rewrapper = createWorkerRewrapper(owner(), {
      count: 3,
      spawn: () => new FakeWorker() as unknown as Worker,
      fallback: () => createPageRewrapper(owner()),
    });
    expect(rewrapper).toMatchObject({ threads: 3, kind: 'workers' });
    const pairs = await pairsFor(6);
    const outcomes = await Promise.all(
      [0, 2, 4].map((start) => rewrapper.rewrap(pairs.slice(start, start + 2))),
    );

    const workers = FakeWorker.spawned;
    expect(workers).toHaveLength(3);
    for (const worker of workers) {
      const [init, ...batches] = worker.received;
      expect(init).toMatchObject({ type: 'init', userId: 'u-admin' });
      // The clone is the same non-extractable key: usable, not readable.
      expect(init?.type === 'init' && init.privateKey.extractable).toBe(false);
      expect(batches).toHaveLength(1);
    }
    const shares = outcomes.flatMap((outcome) => outcome.shares);
    expect(shares).toHaveLength(6);
    const share = shares.find((one) => one.secret_id === 's-3');
    await expect(
      unwrapSecretKey(share?.encrypted_value ?? '', dora.privateKey, { secretId: 's-3', userId: 'u-dora' }),
    ).resolves.toHaveLength(32);

    rewrapper.close();
    expect(workers.every((worker) => worker.terminated)).toBe(true);
    await expect(rewrapper.rewrap(pairs)).rejects.toThrow('closed');
  }, 30_000);

  it('seals new secrets in a worker: each payload under its key, the key wrapped for every reader, scored', async () => {
    FakeWorker.spawned = [];
    const rewrapper = createWorkerRewrapper(owner(), {
      count: 2,
      spawn: () => new FakeWorker() as unknown as Worker,
      fallback: () => createPageRewrapper(owner()),
    });
    const readers = [
      { userId: 'u-admin', key: await importPublicKey(admin.publicKey) },
      { userId: 'u-dora', key: await importPublicKey(dora.publicKey) },
    ];
    const items = ['s-1', 's-2', 's-3'].map((secretId) => ({
      secretId,
      secretKey: generateSecretKey(),
      payload: { note: `the note of ${secretId}` },
      score: secretId === 's-3' ? null : { password: 'hunter2', name: secretId },
    }));
    const sealed = await rewrapper.seal({ readers, items });
    expect(FakeWorker.spawned.flatMap((worker) => worker.received.map((message) => message.type))).toContain(
      'seal',
    );
    expect(sealed.map((item) => ('failed' in item ? 'failed' : item.strength))).toEqual([3, 3, null]);
    const third = sealed[2];
    if (!third || 'failed' in third) throw new Error('not sealed');
    const key = await unwrapSecretKey(
      third.keys.find((one) => one.user_id === 'u-dora')?.encrypted_value ?? '',
      dora.privateKey,
      {
        secretId: 's-3',
        userId: 'u-dora',
      },
    );
    await expect(
      openSecret(
        {
          secretId: 's-3',
          revision: 1,
          encrypted_data: third.encrypted_data,
          encryption_iv: third.encryption_iv,
        },
        key,
      ),
    ).resolves.toEqual({ note: 'the note of s-3' });
    rewrapper.close();
  }, 30_000);

  it('imports each public key once per worker', async () => {
    const pairs = await pairsFor(4);
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const rewrapper = createWorkerRewrapper(owner(), {
      count: 1,
      spawn: () => new FakeWorker() as unknown as Worker,
      fallback: () => createPageRewrapper(owner()),
    });
    await rewrapper.rewrap(pairs.slice(0, 2));
    await rewrapper.rewrap(pairs.slice(2));
    expect(importKey.mock.calls.filter(([format]) => format === 'spki')).toHaveLength(1);
    rewrapper.close();
  }, 30_000);

  it('goes on in the page when workers cannot start', async () => {
    const rewrapper = createWorkerRewrapper(owner(), {
      count: 2,
      spawn: () => {
        throw new DOMException('refused by the content security policy', 'SecurityError');
      },
      fallback: () => createPageRewrapper(owner()),
    });
    expect(rewrapper.kind).toBe('page');
    const outcome = await rewrapper.rewrap(await pairsFor(2));
    expect(outcome.shares).toHaveLength(2);
  }, 30_000);

  it('moves the batches of a failing worker to the page', async () => {
    FakeWorker.spawned = [];
    const rewrapper = createWorkerRewrapper(owner(), {
      count: 1,
      spawn: () => new FakeWorker() as unknown as Worker,
      fallback: () => createPageRewrapper(owner()),
    });
    const pending = rewrapper.rewrap(await pairsFor(2));
    FakeWorker.spawned[0]?.fail();
    expect((await pending).shares).toHaveLength(2);
    expect(rewrapper.kind).toBe('page');
    expect(FakeWorker.spawned[0]?.terminated).toBe(true);
  }, 30_000);
});
