import { generateSecretKey, sealSecret, wrapSecretKey } from '@coffer/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { withKeyDatabaseStore } from '../keys/key-database.js';
import { loadPrivateKey } from '../keys/key-store.js';
import { clearSession } from '../lib/clear-session.js';
import { mockFetch } from '../test/mock-fetch.js';
import { openSecretRecord } from './open-secret-record.js';
import { highestRevision, recordRevision, revisionsStored, seenRevisions } from './revision-memory.js';
import { updateEncryptedSecret } from './save-secret.js';
import { olderRevisionMessage } from './secret-access-error.js';
import { signInAsFreshCaller, TEST_DRAFT } from './testing/fresh-caller.js';
import { makeTestUserKeys, type TestUserKeys } from './testing/test-user-keys.js';

// Review §1 R13, Appendix A PoC 4: the highest revision seen per secret outlives a reload, a lock and
// a new sign-in, and an older one is refused instead of shown.

let me: TestUserKeys;
let bob: TestUserKeys;

beforeAll(async () => {
  [me, bob] = await Promise.all([makeTestUserKeys('u-me'), makeTestUserKeys('u-bob')]);
}, 90_000);

// A browser that signed in before revision marks existed: 'coffer-keys' at version 3, one trust record.
function createVersionThreeDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('coffer-keys', 3);
    opening.onupgradeneeded = () => {
      for (const store of ['keys', 'pins']) opening.result.createObjectStore(store);
      opening.result.createObjectStore('trust').put('kept', 'marker');
    };
    opening.onsuccess = () => {
      opening.result.close();
      resolve();
    };
    opening.onerror = () => reject(opening.error);
  });
}

/** What GET /secrets/{id} answers: `revision` sealed under `key`, wrapped for `userId` with `keys`. */
async function servedAt(id: string, revision: number, key: Uint8Array, userId: string, keys: TestUserKeys) {
  return {
    body: {
      id,
      revision,
      vault_id: 'c-1',
      name: 'x',
      category: 'password',
      strength: null,
      form_fill: false,
      hidden: false,
      ...(await sealSecret({
        secretId: id,
        revision,
        payload: { password: `rev-${revision}` },
        secretKey: key,
      })),
      secret_key: { encrypted_value: await wrapSecretKey(key, keys.publicKey, { secretId: id, userId }) },
    },
  };
}

describe('revision memory', () => {
  // First in the file: the database must not exist yet.
  it('upgrades a version 3 database, keeping what it holds and adding revisions', async () => {
    await createVersionThreeDatabase();
    await recordRevision('u-ada', 's-1', 4);
    expect(await highestRevision('u-ada', 's-1')).toBe(4);
    expect(await withKeyDatabaseStore('trust', 'readonly', (store) => store.get('marker'))).toBe('kept');
  });

  it('R13 (PoC 4): after a logout, a reload and a new sign-in, an older revision is refused', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '1c4e8d3f-6b5e-4d2f-8c8b-3a7e9f0b2d4c';
    const key = generateSecretKey();
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 5, key, caller, me) });
    await openSecretRecord(id, caller);
    await revisionsStored(); // a reload comes later than the few milliseconds a mark takes to store

    clearSession(); // a logout, a lock or the inactivity timeout
    await vi.waitFor(async () => expect(await loadPrivateKey()).toBeNull());
    vi.resetModules(); // a reload: every module starts again from nothing
    const reloaded = await import('./open-secret-record.js');
    const reloadedMemory = await import('./revision-memory.js');
    await (await import('../keys/key-store.js')).savePrivateKey(me.privateKey); // signed in again

    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 3, key, caller, me) });
    await expect(reloaded.openSecretRecord(id, caller)).rejects.toMatchObject({
      kind: 'rollback',
      message: olderRevisionMessage(3, 5),
    });
    // The newest revision, and a later one, still open.
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 5, key, caller, me) });
    expect((await reloaded.openSecretRecord(id, caller)).payload).toMatchObject({ password: 'rev-5' });
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 6, key, caller, me) });
    expect((await reloaded.openSecretRecord(id, caller)).payload).toMatchObject({ password: 'rev-6' });
    expect(await reloadedMemory.highestRevision(caller, id)).toBe(6);
  }, 60_000);

  it('keeps marks per signed-in user: another user of this browser has seen nothing yet', async () => {
    const id = '7c0e4d9f-2b1e-4d8f-8c2c-9adef56b8d0c';
    const key = generateSecretKey();
    const first = await signInAsFreshCaller(me.privateKey, 'u-me');
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 5, key, first, me) });
    await openSecretRecord(id, first);

    const second = await signInAsFreshCaller(bob.privateKey, 'u-bob');
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 3, key, second, bob) });
    expect((await openSecretRecord(id, second)).payload).toMatchObject({ password: 'rev-3' });
    expect(await highestRevision(first, id)).toBe(5);
    expect(await highestRevision(second, id)).toBe(3);
  }, 60_000);

  it('raises no mark for a revision that does not open, so a made-up number cannot lock a secret', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '8d1f5e0a-3c2f-4e9a-9d3d-0befa67c9e1d';
    const key = generateSecretKey();
    const genuine = await servedAt(id, 2, key, caller, me);
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: { body: { ...genuine.body, revision: 90 } } });
    await expect(openSecretRecord(id, caller)).rejects.toMatchObject({ kind: 'integrity' });
    expect(await highestRevision(caller, id)).toBeUndefined();
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: genuine });
    expect((await openSecretRecord(id, caller)).payload).toMatchObject({ password: 'rev-2' });
  }, 60_000);

  it('never lowers a mark another tab stored higher meanwhile', async () => {
    await withKeyDatabaseStore('revisions', 'readwrite', (store) =>
      store.put({ secretId: 's-2', revision: 9 }, 'u-ada:s-2'),
    );
    await recordRevision('u-ada', 's-2', 7);
    expect(await highestRevision('u-ada', 's-2')).toBe(9);
    expect(await withKeyDatabaseStore('revisions', 'readonly', (store) => store.get('u-ada:s-2'))).toEqual({
      secretId: 's-2',
      revision: 9,
    });
  });

  it('reads the marks from IndexedDB once per user and page: opening again touches no database', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = 'a0f3b7c2-5e4b-4a1c-8f5f-2dabc89e1a3f';
    mockFetch({ [`GET /api/v1/secrets/${id}.json`]: await servedAt(id, 2, generateSecretKey(), caller, me) });
    await openSecretRecord(id, caller);
    await revisionsStored();
    const opening = vi.spyOn(indexedDB, 'open');
    expect((await openSecretRecord(id, caller)).payload).toMatchObject({ password: 'rev-2' });
    expect(opening).not.toHaveBeenCalled();
  }, 60_000);

  it('stores marks raised together in one write, and announces them in one message', async () => {
    await recordRevision('u-ada', 's-warm', 1);
    const opening = vi.spyOn(indexedDB, 'open');
    const otherTab = new BroadcastChannel('coffer-revision-marks');
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    await Promise.all(Array.from({ length: 300 }, (_, n) => recordRevision('u-ada', `s-many-${n}`, n + 1)));
    expect(opening).toHaveBeenCalledTimes(1);
    const stored = await withKeyDatabaseStore('revisions', 'readonly', (store) =>
      store.get('u-ada:s-many-299'),
    );
    expect(stored).toEqual({ secretId: 's-many-299', revision: 300 });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect((heard[0] as { marks: unknown[] }).marks).toHaveLength(300);
    otherTab.close();
  });

  it('takes a higher mark another tab announces', async () => {
    await recordRevision('u-ada', 's-4', 3);
    const otherTab = new BroadcastChannel('coffer-revision-marks');
    otherTab.postMessage({ userId: 'u-ada', secretId: 's-4', revision: 8 });
    otherTab.close();
    await vi.waitFor(async () => expect(await highestRevision('u-ada', 's-4')).toBe(8));
  });

  it('keeps the highest revision seen signed beside the highest seen, stored and announced', async () => {
    await recordRevision('u-ada', 's-5', 2, true);
    await recordRevision('u-ada', 's-5', 3);
    expect(await seenRevisions('u-ada', 's-5')).toEqual({ revision: 3, signed: 2 });
    await revisionsStored();
    expect(await withKeyDatabaseStore('revisions', 'readonly', (store) => store.get('u-ada:s-5'))).toEqual({
      secretId: 's-5',
      revision: 3,
      signed: 2,
    });
    // The same revision seen signed later raises the signed part alone.
    await recordRevision('u-ada', 's-5', 3, true);
    expect(await seenRevisions('u-ada', 's-5')).toEqual({ revision: 3, signed: 3 });
    const otherTab = new BroadcastChannel('coffer-revision-marks');
    otherTab.postMessage({ marks: [{ userId: 'u-ada', secretId: 's-6', revision: 4, signed: 4 }] });
    otherTab.close();
    await vi.waitFor(async () =>
      expect(await seenRevisions('u-ada', 's-6')).toEqual({ revision: 4, signed: 4 }),
    );
  });

  it('still refuses within the page when IndexedDB fails', async () => {
    await recordRevision('u-ada', 's-3', 4);
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new Error('storage unavailable');
    });
    await recordRevision('u-ada', 's-3', 6);
    expect(await highestRevision('u-ada', 's-3')).toBe(6);
  });
});

describe('saving records the revision saved', () => {
  it('refuses the revision an edit was based on once the edit is stored', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '9e2a6f1b-4d3a-4f0b-8e4e-1cfab78d0f2e';
    const before = await servedAt(id, 3, generateSecretKey(), caller, me);
    mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: before,
      'GET /api/v1/vaults/c-1/public_keys.json': {
        body: { items: [{ user_id: caller, public_key: me.publicKey }] },
      },
      [`PUT /api/v1/secrets/${id}.json`]: (call) => ({ body: JSON.parse(String(call.init.body)).secret }),
    });
    await updateEncryptedSecret({ id, baseRevision: 3 }, TEST_DRAFT, caller);
    expect(await highestRevision(caller, id)).toBe(4);
    await expect(openSecretRecord(id, caller)).rejects.toMatchObject({ kind: 'rollback' });
  }, 60_000);
});
