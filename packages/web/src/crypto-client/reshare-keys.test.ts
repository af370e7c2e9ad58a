import type { KeyShare } from '@coffer/core';
import { generateSecretKey, publicKeyFingerprint, unwrapSecretKey, wrapSecretKey } from '@coffer/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTrust, trustConfirmedKey, trustCreatedKey } from '../keys/key-trust.js';
import type { ReshareProgress } from './reshare-keys.js';
import { DELIVERY_SIZE, REWRAP_BATCH_SIZE, reshareMissingKeys } from './reshare-keys.js';
import { createPageRewrapper } from './rewrapper.js';
import { confirming, confirmingNobody, shownIdentity } from './testing/confirm-answers.js';
import { signInAsFreshCaller } from './testing/fresh-caller.js';
import {
  fakePublicKey,
  missingPairs,
  recordingRewrapper,
  serveMissingKeys,
} from './testing/missing-keys-server.js';
import type { TestUserKeys } from './testing/test-user-keys.js';
import { makeTestUserKeys } from './testing/test-user-keys.js';

let admin: TestUserKeys;
let dora: TestUserKeys;
let eve: TestUserKeys;

beforeAll(async () => {
  [admin, dora, eve] = await Promise.all([
    makeTestUserKeys('u-admin'),
    makeTestUserKeys('u-dora'),
    makeTestUserKeys('u-eve'),
  ]);
}, 60_000);

// Each test signs in as its own user id with the same key pair.
const signIn = () => signInAsFreshCaller(admin.privateKey, 'u-admin');

const gets = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' || call.path.includes('reshare_user'));

describe('the reshare runs to the end in one go', () => {
  it('shares 1,250 missing pairs over 3 pages in batches, reporting progress', async () => {
    const owner = await signIn();
    const users = { 'u-a': fakePublicKey(), 'u-b': fakePublicKey() };
    for (const [userId, key] of Object.entries(users)) await trustCreatedKey(userId, key, owner);
    const server = serveMissingKeys(missingPairs(users, 625));
    const rewrapper = recordingRewrapper();
    const progress: ReshareProgress[] = [];

    const result = await reshareMissingKeys(owner, {
      rewrapper: rewrapper.factory,
      onProgress: (step) => progress.push(step),
    });

    expect(result).toMatchObject({
      missing: 1250,
      total: 1250,
      shared: 1250,
      failed: 0,
      waiting: 0,
      untrusted: [],
    });
    expect(server.remaining()).toEqual([]);
    // Three pages (500, 500, 250): the last one listed everything that was left, so no fourth request.
    expect(gets(server.calls).map((call) => call.path)).toEqual([
      '/api/v1/secret_keys/reshare_all.json',
      '/api/v1/secret_keys/reshare_all.json',
      '/api/v1/secret_keys/reshare_all.json',
    ]);
    // Deliveries of two worker batches each, sent as the batches are done.
    expect(server.deliveries.map((delivery) => delivery.length)).toEqual([
      ...Array(12).fill(DELIVERY_SIZE),
      1250 - 12 * DELIVERY_SIZE,
    ]);
    expect(Math.max(...server.deliveries.map((delivery) => delivery.length))).toBeLessThanOrEqual(
      DELIVERY_SIZE,
    );
    expect(rewrapper.batches).toHaveLength(25);
    expect(rewrapper.batches.every((batch) => batch.length <= REWRAP_BATCH_SIZE)).toBe(true);
    expect(rewrapper.closed()).toBe(1);
    // Progress climbs to the end, never beyond it.
    const shared = progress.map((step) => step.shared);
    expect(shared).toEqual([...shared].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ total: 1250, shared: 1250, failed: 0, waiting: 0 });
    expect(shared).toContain(500);
  });

  it('stops on an aborted signal between batches, delivering nothing more', async () => {
    const owner = await signIn();
    const users = { 'u-a': fakePublicKey() };
    await trustCreatedKey('u-a', users['u-a'], owner);
    const server = serveMissingKeys(missingPairs(users, 1200));
    const controller = new AbortController();
    const run = reshareMissingKeys(owner, {
      rewrapper: recordingRewrapper().factory,
      signal: controller.signal,
      onProgress: (step) => {
        if (step.shared >= 500) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.deliveries).toHaveLength(500 / DELIVERY_SIZE);
    expect(server.remaining()).toHaveLength(700);
  });
});

describe('the reshare with real keys', () => {
  // Missing pairs for dora and eve of `count` secrets whose keys the administrator holds.
  async function realPairs(owner: string, count: number): Promise<KeyShare[]> {
    const pairs: KeyShare[] = [];
    for (let index = 0; index < count; index += 1) {
      const secretId = `s-${String(index).padStart(3, '0')}`;
      const secretKey = generateSecretKey();
      const own = await wrapSecretKey(secretKey, admin.publicKey, { secretId, userId: owner });
      for (const user of [dora, eve])
        pairs.push({
          secret_id: secretId,
          user_id: user.userId,
          public_key: user.publicKey,
          encrypted_value: own,
          vault_id: 'c-1',
          hidden: false,
        });
    }
    return pairs;
  }

  it('imports each reader’s public key once and unwraps each secret’s key once, for every pair', async () => {
    const owner = await signIn();
    await trustCreatedKey('u-dora', dora.publicKey, owner);
    await trustCreatedKey('u-eve', eve.publicKey, owner);
    const server = serveMissingKeys(await realPairs(owner, 30), 20);
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const decrypt = vi.spyOn(crypto.subtle, 'decrypt');

    const result = await reshareMissingKeys(owner, { rewrapper: createPageRewrapper });

    expect(result).toMatchObject({ shared: 60, failed: 0, rewrappedIn: 'page' });
    expect(importKey.mock.calls.filter(([format]) => format === 'spki')).toHaveLength(2);
    expect(decrypt).toHaveBeenCalledTimes(30);
    const share = server.deliveries
      .flat()
      .find((one) => one.user_id === 'u-eve' && one.secret_id === 's-007');
    await expect(
      unwrapSecretKey(share?.encrypted_value ?? '', eve.privateKey, { secretId: 's-007', userId: 'u-eve' }),
    ).resolves.toHaveLength(32);
  }, 30_000);

  it('counts a pair whose key does not open as failed, once, and never sends it', async () => {
    const owner = await signIn();
    await trustCreatedKey('u-dora', dora.publicKey, owner);
    const good = (await realPairs(owner, 2)).filter((pair) => pair.user_id === 'u-dora');
    const broken = { ...good[0]!, secret_id: 's-broken' };
    const server = serveMissingKeys([broken, ...good]);
    const result = await reshareMissingKeys(owner, { rewrapper: createPageRewrapper });
    expect(result).toMatchObject({ shared: 2, failed: 1 });
    expect(server.deliveries.flat().map((share) => share.secret_id)).toEqual(['s-000', 's-001']);
    expect(server.remaining().map((pair) => pair.secret_id)).toEqual(['s-broken']);
  }, 30_000);
});

describe('the reshare wraps only for keys this browser trusts', () => {
  it('skips a person it never confirmed and lists them, with the keys waiting for them', async () => {
    const owner = await signIn();
    const trusted = fakePublicKey();
    const planted = fakePublicKey();
    await trustCreatedKey('u-new', trusted, owner);
    const server = serveMissingKeys(missingPairs({ 'u-new': trusted, 'u-planted': planted }, 3));

    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory });

    expect(result).toMatchObject({ missing: 6, shared: 3, waiting: 3, failed: 0 });
    expect(result.untrusted).toEqual([
      {
        userId: 'u-planted',
        publicKey: planted,
        fingerprint: await publicKeyFingerprint(planted),
        reason: 'unconfirmed',
        previousFingerprint: undefined,
        waitingKeys: 3,
      },
    ]);
    expect(server.deliveries.flat().every((share) => share.user_id === 'u-new')).toBe(true);
    expect(server.remaining().map((pair) => pair.user_id)).toEqual(['u-planted', 'u-planted', 'u-planted']);
    expect(await loadTrust(owner, 'u-planted')).toBeUndefined();
  });

  it('asks once through the confirm callback, and shares for those the administrator confirmed', async () => {
    const owner = await signIn();
    const users = { 'u-x': fakePublicKey(), 'u-y': fakePublicKey() };
    const server = serveMissingKeys(missingPairs(users, 700));
    const confirm = confirming();
    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory, confirm });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0].map((person) => person.userId)).toEqual(['u-x', 'u-y']);
    expect(confirm.mock.calls[0]?.[1]).toBe('reshare');
    expect(result).toMatchObject({ shared: 1400, waiting: 0, untrusted: [] });
    expect(server.remaining()).toEqual([]);
    expect(await loadTrust(owner, 'u-x')).toMatchObject({ origin: 'confirmed' });
  });

  it('shares for those ticked and leaves the others waiting, each confirmed with the name shown', async () => {
    const owner = await signIn();
    const server = serveMissingKeys(missingPairs({ 'u-x': fakePublicKey(), 'u-y': fakePublicKey() }, 3));
    const confirm = confirming((person) => person.userId === 'u-x');
    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory, confirm });
    expect(result).toMatchObject({
      shared: 3,
      waiting: 3,
      untrusted: [expect.objectContaining({ userId: 'u-y' })],
    });
    expect(server.remaining().every((pair) => pair.user_id === 'u-y')).toBe(true);
    expect(await loadTrust(owner, 'u-x')).toMatchObject({ origin: 'confirmed', ...shownIdentity('u-x') });
    expect(await loadTrust(owner, 'u-y')).toBeUndefined();
  });

  it('skips everyone the administrator declined, asking once per run', async () => {
    const owner = await signIn();
    const server = serveMissingKeys(missingPairs({ 'u-x': fakePublicKey() }, 700));
    const confirm = confirmingNobody();
    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory, confirm });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({
      shared: 0,
      waiting: 500,
      untrusted: [expect.objectContaining({ userId: 'u-x' })],
    });
    expect(server.deliveries).toEqual([]);
  });

  it('treats a trusted person’s changed key as untrusted, saying it changed', async () => {
    const owner = await signIn();
    const before = fakePublicKey();
    const after = fakePublicKey();
    await trustConfirmedKey(owner, 'u-reset', before, shownIdentity('u-reset'));
    serveMissingKeys(missingPairs({ 'u-reset': after }, 2));
    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory });
    expect(result.untrusted).toEqual([
      expect.objectContaining({
        reason: 'changed',
        previousFingerprint: await publicKeyFingerprint(before),
        waitingKeys: 2,
      }),
    ]);
    expect(result.shared).toBe(0);
  });

  it('serves trusted people one by one when untrusted pairs fill the first page', async () => {
    const owner = await signIn();
    const trusted = fakePublicKey();
    await trustCreatedKey('u-trusted', trusted, owner);
    // The planted account's 600 pairs sort before anyone else's: the first page holds nothing to wrap.
    const server = serveMissingKeys([
      ...missingPairs({ 'u-planted': fakePublicKey() }, 600, 'a'),
      ...missingPairs({ 'u-trusted': trusted }, 600, 'b'),
    ]);
    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory });
    expect(result).toMatchObject({ missing: 1200, shared: 600, waiting: 500 });
    expect(server.remaining().every((pair) => pair.user_id === 'u-planted')).toBe(true);
    const asked = server.calls.filter(
      (call) => call.method !== 'POST' || !call.path.includes('reshare.json'),
    );
    expect(asked.map((call) => call.path.split('?')[0])).toEqual([
      '/api/v1/secret_keys/reshare_all.json',
      '/api/v1/secret_keys/reshare_user.json',
      '/api/v1/secret_keys/reshare_user.json',
    ]);
  });

  it('serves a trusted newcomer to the end when an untrusted one shares their secrets', async () => {
    const owner = await signIn();
    const trusted = fakePublicKey();
    await trustCreatedKey('u-trusted', trusted, owner);
    const server = serveMissingKeys(
      missingPairs({ 'u-planted': fakePublicKey(), 'u-trusted': trusted }, 600),
    );
    const result = await reshareMissingKeys(owner, { rewrapper: recordingRewrapper().factory });
    expect(result).toMatchObject({ missing: 1200, shared: 600 });
    expect(server.remaining().every((pair) => pair.user_id === 'u-planted')).toBe(true);
  });
});
