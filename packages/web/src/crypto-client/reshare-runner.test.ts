import { describe, expect, it, vi } from 'vitest';
import { savePrivateKey } from '../keys/key-store.js';
import { loadTrust, trustCreatedKey } from '../keys/key-trust.js';
import type { ReshareOptions, ReshareResult, WaitingPerson } from './index.js';
import { DELIVERY_SIZE, reshareMissingKeys } from './index.js';
import type { ReshareRunnerDeps } from './reshare-runner.js';
import { createReshareRunner, FULL_RUN_INTERVAL_MS } from './reshare-runner.js';
import type { LockManagerLike } from './run-lock.js';
import { createRunLock } from './run-lock.js';
import { shownIdentity } from './testing/confirm-answers.js';
import {
  fakePublicKey,
  missingPairs,
  recordingRewrapper,
  serveMissingKeys,
} from './testing/missing-keys-server.js';

const person = (userId: string, waitingKeys = 2): WaitingPerson => ({
  userId,
  publicKey: `key-of-${userId}`,
  fingerprint: `fp-${userId}`,
  reason: 'unconfirmed',
  waitingKeys,
});

const result = (change: Partial<ReshareResult> = {}): ReshareResult => ({
  missing: 0,
  total: 0,
  shared: 0,
  failed: 0,
  waiting: 0,
  untrusted: [],
  rewrappedIn: 'page',
  ...change,
});

// A reshare that waits until the test lets it finish.
function gatedReshare(answer: ReshareResult) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reshare = vi.fn(async (_userId: string, options: ReshareOptions) => {
    options.onProgress?.({ total: 10, shared: 4, failed: 0, waiting: 0 });
    await gate;
    return answer;
  });
  return { reshare, open };
}

let nextOwner = 0;
function makeRunner(change: Partial<ReshareRunnerDeps> = {}) {
  nextOwner += 1;
  const ownerId = `u-admin-runner-${nextOwner}`;
  let now = 1_000_000;
  const counts: number[] = [];
  const deps: ReshareRunnerDeps = {
    reshare: vi.fn(async () => result()),
    countMissing: vi.fn(async () => counts.shift() ?? 0),
    hasPrivateKey: async () => true,
    lock: createRunLock('test-lock', undefined),
    now: () => now,
    ...change,
  };
  const runner = createReshareRunner(deps);
  return {
    ownerId,
    runner,
    deps,
    counts,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('one run at a time', () => {
  it('lets a background run give way to the one under way in this tab, and a manual run wait for it', async () => {
    const { reshare, open } = gatedReshare(result({ shared: 3 }));
    const { runner, ownerId } = makeRunner({ reshare });
    const first = runner.run(ownerId);
    await vi.waitFor(() => expect(reshare).toHaveBeenCalledTimes(1));
    expect(runner.store.get()).toMatchObject({ running: true, progress: { shared: 4, total: 10 } });

    expect(await runner.run(ownerId)).toBeNull();
    const manual = runner.run(ownerId, { manual: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reshare).toHaveBeenCalledTimes(1);

    open();
    expect(await first).toMatchObject({ shared: 3 });
    expect(await manual).toMatchObject({ shared: 3 });
    expect(reshare).toHaveBeenCalledTimes(2);
    expect(runner.store.get()).toMatchObject({ running: false, progress: null });
  });

  it('gives way when another tab holds the Web Lock', async () => {
    const requests: { name: string; ifAvailable: boolean | undefined }[] = [];
    const heldElsewhere: LockManagerLike = {
      request: async (name, options, callback) => {
        requests.push({ name, ifAvailable: options.ifAvailable });
        return callback(null);
      },
    };
    const { runner, ownerId, deps } = makeRunner({ lock: createRunLock('coffer-reshare', heldElsewhere) });
    expect(await runner.run(ownerId)).toBeNull();
    expect(deps.reshare).not.toHaveBeenCalled();
    expect(requests).toEqual([{ name: 'coffer-reshare', ifAvailable: true }]);
  });

  it('runs under the Web Lock when it is free, and a manual run waits for it', async () => {
    const requests: (boolean | undefined)[] = [];
    const free: LockManagerLike = {
      request: async (_name, options, callback) => {
        requests.push(options.ifAvailable);
        return callback({ name: 'coffer-reshare' });
      },
    };
    const { runner, ownerId, deps } = makeRunner({ lock: createRunLock('coffer-reshare', free) });
    await runner.run(ownerId);
    await runner.run(ownerId, { manual: true });
    expect(deps.reshare).toHaveBeenCalledTimes(2);
    expect(requests).toEqual([true, false]);
  });
});

describe('polling', () => {
  it('runs when keys are missing, not when none are, and not again for what it left', async () => {
    const { runner, ownerId, deps, counts, advance } = makeRunner({
      reshare: vi.fn(async () => result({ missing: 5, shared: 3, waiting: 2, untrusted: [person('u-x')] })),
    });
    counts.push(0);
    await runner.poll(ownerId);
    expect(deps.reshare).not.toHaveBeenCalled();
    expect(runner.store.get().total).toBe(0);

    counts.push(5, 2);
    await runner.poll(ownerId);
    expect(deps.reshare).toHaveBeenCalledTimes(1);
    expect(runner.store.get().total).toBe(2);

    // Only the two keys waiting for a confirmation: nothing new to do.
    counts.push(2);
    await runner.poll(ownerId);
    expect(deps.reshare).toHaveBeenCalledTimes(1);

    // A new missing key, or enough time, makes it run again.
    counts.push(3, 2);
    await runner.poll(ownerId);
    expect(deps.reshare).toHaveBeenCalledTimes(2);
    counts.push(2, 2);
    advance(FULL_RUN_INTERVAL_MS);
    await runner.poll(ownerId);
    expect(deps.reshare).toHaveBeenCalledTimes(3);
  });

  it('does nothing in a browser without the private key, and never throws', async () => {
    const { runner, ownerId, deps } = makeRunner({ hasPrivateKey: async () => false });
    await runner.poll(ownerId);
    expect(deps.countMissing).not.toHaveBeenCalled();
    const failing = makeRunner({ countMissing: async () => Promise.reject(new Error('offline')) });
    await expect(failing.runner.poll(failing.ownerId)).resolves.toBeUndefined();
    expect(failing.deps.reshare).not.toHaveBeenCalled();
  });

  it('runs in the background without a confirm callback, so nobody untrusted is asked for or wrapped for', async () => {
    const { runner, ownerId, deps, counts } = makeRunner();
    counts.push(4, 0);
    await runner.poll(ownerId);
    expect(vi.mocked(deps.reshare).mock.calls[0]?.[1].confirm).toBeUndefined();
  });
});

describe('people waiting for a confirmation', () => {
  it('lists the untrusted people a run skipped; Not now hides one; Confirm trusts exactly that key', async () => {
    const { runner, ownerId, deps, counts } = makeRunner({
      reshare: vi
        .fn(async () => result())
        .mockResolvedValueOnce(result({ untrusted: [person('u-x'), person('u-y')] })),
    });
    counts.push(4, 4);
    await runner.poll(ownerId);
    expect(runner.store.get().people.map((one) => one.userId)).toEqual(['u-x', 'u-y']);

    runner.dismissPerson(person('u-y'));
    expect(runner.store.get().people.map((one) => one.userId)).toEqual(['u-x']);

    const key = fakePublicKey();
    counts.push(4, 0);
    await runner.confirmPerson(ownerId, { ...person('u-x'), publicKey: key }, shownIdentity('u-x'));
    expect(await loadTrust(ownerId, 'u-x')).toMatchObject({ origin: 'confirmed' });
    expect(runner.store.get().people).toEqual([]);
    // The confirmation runs the reshare at once, even though the count did not change.
    await vi.waitFor(() => expect(deps.reshare).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(runner.store.get().total).toBe(0));
    expect(runner.store.get().people).toEqual([]);
  });

  it('forgets everything when the session ends', async () => {
    const { runner, ownerId, counts } = makeRunner({
      reshare: vi.fn(async () => result({ untrusted: [person('u-x')] })),
    });
    counts.push(2, 2);
    await runner.poll(ownerId);
    runner.reset();
    expect(runner.store.get()).toMatchObject({ ownerId: null, total: null, people: [], running: false });
  });
});

describe('the runner with the real reshare', () => {
  it('delivers 1,250 missing keys in batches in one background run, and lists the planted account', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['encrypt', 'decrypt'],
    );
    await savePrivateKey(pair.privateKey);
    const rewrapper = recordingRewrapper();
    const { runner, ownerId } = makeRunner({
      reshare: (userId, options) => reshareMissingKeys(userId, { ...options, rewrapper: rewrapper.factory }),
      countMissing: async () => server.remaining().length,
    });
    const member = fakePublicKey();
    await trustCreatedKey('u-member', member, ownerId);
    const server = serveMissingKeys([
      ...missingPairs({ 'u-member': member }, 1250, 'm'),
      ...missingPairs({ 'u-planted': fakePublicKey() }, 3, 'p'),
    ]);
    const seen: number[] = [];
    const off = runner.store.subscribe(() => {
      const shared = runner.store.get().progress?.shared;
      if (shared !== undefined) seen.push(shared);
    });

    await runner.poll(ownerId);
    off();

    expect(server.remaining().map((left) => left.user_id)).toEqual(['u-planted', 'u-planted', 'u-planted']);
    // Three pages (500, 500, 250), each delivered in calls of DELIVERY_SIZE as the batches are done.
    expect(server.deliveries.map((delivery) => delivery.length)).toEqual([
      ...Array(12).fill(DELIVERY_SIZE),
      1250 - 12 * DELIVERY_SIZE,
    ]);
    expect(seen).toContain(500);
    expect(seen).toContain(1000);
    expect(seen.at(-1)).toBe(1250);
    expect(runner.store.get()).toMatchObject({ total: 3, running: false });
    expect(runner.store.get().people).toEqual([
      expect.objectContaining({ userId: 'u-planted', waitingKeys: 3 }),
    ]);
  });
});
