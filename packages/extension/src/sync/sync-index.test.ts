// @vitest-environment node
// Node's WebCrypto: jsdom's realm does not hand every key to it (docs/testing.md).
import { generateUserKeyPair } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangesPage } from './changes-api.js';
import type { IndexOpener } from './open-pool.js';
import { createInlineOpener } from './open-pool.js';
import { SecretIndex } from './secret-index.js';
import { type SyncOptions, syncIndex } from './sync-index.js';
import { FakeSyncServer } from './testing/fake-sync-server.js';

const USER = 'user-1';
let privateKey: CryptoKey;
let publicKey: string;

beforeAll(async () => {
  ({ privateKey, publicKey } = await generateUserKeyPair());
}, 30_000);

/** An inline opener that counts every payload it is handed. */
function countingOpener(): IndexOpener & { payloads: number } {
  const inline = createInlineOpener({ userId: USER, privateKey });
  const opener = {
    kind: inline.kind,
    threads: inline.threads,
    payloads: 0,
    open: (secrets: Parameters<IndexOpener['open']>[0]) => {
      opener.payloads += secrets.length;
      return inline.open(secrets);
    },
    close: () => undefined,
  };
  return opener;
}

function setUp() {
  const server = new FakeSyncServer(USER, publicKey);
  const index = SecretIndex.empty({ userId: USER, server: 'https://coffer.test' });
  const sync = (opener: IndexOpener = countingOpener(), limits: Partial<SyncOptions> = {}) =>
    syncIndex({ index, transport: server.transport, opener, ...limits });
  return { server, index, sync };
}

/** The ids of every read of secrets, flattened. */
const allRead = (server: FakeSyncServer) => server.readIds.flat();

describe('syncIndex: the first sync', () => {
  it('opens every readable password secret once and keeps only its URLs, username, name and chest', async () => {
    const { server, index, sync } = setUp();
    const bank = await server.add({
      name: 'Bank',
      chestId: 'c-1',
      chestName: 'Money',
      payload: {
        username: 'ann@example.com',
        password: 'correct horse',
        note: 'PIN 1234',
        url: 'https://login.bank.example.com/',
        urlMatch: 'starts-with',
        moreUrls: [{ url: 'https://bank.example.org', match: 'exact' }, { url: '  ' }],
      },
    });
    const bare = await server.add({ name: 'Bare', payload: {} });
    const opener = countingOpener();

    const counts = await sync(opener);

    expect(counts).toEqual({ opened: 2, failed: 0, removed: 0, unchanged: 0, full: true, reconciled: false });
    expect(opener.payloads).toBe(2);
    expect(index.get(bank)).toEqual({
      secretId: bank,
      revision: 1,
      chestId: 'c-1',
      chestName: 'Money',
      name: 'Bank',
      category: 'password',
      urls: [
        { url: 'https://login.bank.example.com/', match: 'starts-with' },
        { url: 'https://bank.example.org', match: 'exact' },
      ],
      sites: ['example.com', 'example.org'],
      username: 'ann@example.com',
    });
    expect(index.get(bare)).toMatchObject({ urls: [], name: 'Bare' });
    expect(index.get(bare)).not.toHaveProperty('username');
    const kept = JSON.stringify(index.toSnapshot());
    expect(kept).not.toContain('correct horse');
    expect(kept).not.toContain('PIN 1234');
    expect(index.cursor).not.toBeNull();
  });

  it('lists the ids and reads each secret once, a page of ids to a read, no change read', async () => {
    const { server, index, sync } = setUp();
    const ids: string[] = [];
    for (let n = 0; n < 7; n += 1)
      ids.push(await server.add({ name: `S${n}`, payload: { url: `https://s${n}.example` } }));
    const opener = countingOpener();

    const counts = await sync(opener, { readLimit: 3 });

    expect(server.reads).toEqual({ changes: 0, ids: 4, read: 3 });
    expect(server.readIds.map((read) => read.length)).toEqual([3, 3, 1]);
    expect(allRead(server).sort()).toEqual([...ids].sort());
    expect(opener.payloads).toBe(7);
    expect(counts).toEqual({ opened: 7, failed: 0, removed: 0, unchanged: 0, full: true, reconciled: false });
    expect(index.size).toBe(7);
  });

  it('keeps at most readsInFlight reads between asking and opening', async () => {
    const { server, index } = setUp();
    for (let n = 0; n < 10; n += 1) await server.add({ payload: { url: `https://f${n}.example` } });
    let inFlight = 0;
    let most = 0;
    const inline = countingOpener();
    const slowOpener: IndexOpener = {
      ...inline,
      open: async (secrets) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return inline.open(secrets);
      },
    };
    const transport = {
      ...server.transport,
      read: async (ids: readonly string[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        return server.transport.read(ids);
      },
    };
    const opener: IndexOpener = {
      ...slowOpener,
      open: async (secrets) => {
        try {
          return await slowOpener.open(secrets);
        } finally {
          inFlight -= 1;
        }
      },
    };

    await syncIndex({ index, transport, opener, readLimit: 1, readsInFlight: 2, batchSize: 1 });

    expect(most).toBe(2);
    expect(index.size).toBe(10);
  });

  it('goes on after a first sync from the ids page’s cursor: the next sync reads only what changed', async () => {
    const { server, sync } = setUp();
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push(await server.add({ payload: { url: `https://c${n}.example` } }));
    await sync();
    const [first] = ids;
    if (!first) throw new Error('no secret');
    await server.edit(first, { url: 'https://c-edited.example' });
    const opener = countingOpener();
    const idsReads = server.reads.ids;

    const counts = await sync(opener);

    expect(counts).toMatchObject({ opened: 1, full: false, reconciled: false });
    expect(opener.payloads).toBe(1);
    expect(server.reads.changes).toBe(1);
    expect(server.reads.ids).toBe(idsReads);
    expect((await sync(opener)).opened).toBe(0);
    expect(server.reads.changes).toBe(2);
  });

  it('misses nothing that changes while it reads: the cursor is the first ids page’s', async () => {
    const { server, index } = setUp();
    const early = await server.add({ payload: { url: 'https://early.example' } });
    for (let n = 0; n < 3; n += 1) await server.add({ payload: { url: `https://m${n}.example` } });
    let edited = false;
    const transport = {
      ...server.transport,
      read: async (ids: readonly string[]) => {
        const page = await server.transport.read(ids);
        if (!edited && ids.includes(early)) {
          // Saved after the listing began and after its read answered: only the changes can tell.
          edited = true;
          await server.edit(early, { url: 'https://early-2.example' });
        }
        return page;
      },
    };

    await syncIndex({ index, transport, opener: countingOpener(), readLimit: 1 });
    const counts = await syncIndex({ index, transport: server.transport, opener: countingOpener() });

    expect(counts).toMatchObject({ opened: 1, full: false });
    expect(index.get(early)).toMatchObject({ revision: 2, urls: [{ url: 'https://early-2.example' }] });
  });

  it('keeps no cursor when a read fails, and the next sync opens only what it lacks', async () => {
    const { server, index } = setUp();
    for (let n = 0; n < 4; n += 1) await server.add({ payload: { url: `https://p${n}.example` } });
    let reads = 0;
    const failing = {
      ...server.transport,
      read: async (ids: readonly string[]) => {
        reads += 1;
        if (reads === 2) throw new Error('offline');
        return server.transport.read(ids);
      },
    };
    const opener = countingOpener();

    await expect(
      syncIndex({ index, transport: failing, opener, readLimit: 2, readsInFlight: 1 }),
    ).rejects.toThrow('offline');

    expect(index.cursor).toBeNull();
    expect(index.size).toBe(2);
    const counts = await syncIndex({ index, transport: server.transport, opener, readLimit: 2 });
    expect(counts).toMatchObject({ opened: 2, full: true });
    expect(opener.payloads).toBe(4);
    expect(index.cursor).not.toBeNull();
  });

  it('drops a listed secret that the read no longer answers', async () => {
    const { server, index } = setUp();
    const gone = await server.add({ payload: { url: 'https://gone.example' } });
    await server.add({ payload: { url: 'https://stays.example' } });
    const transport = {
      ...server.transport,
      read: async (ids: readonly string[]) => {
        server.remove(gone);
        return server.transport.read(ids);
      },
    };

    const counts = await syncIndex({ index, transport, opener: countingOpener() });

    expect(counts).toMatchObject({ opened: 1 });
    expect(index.get(gone)).toBeUndefined();
    expect(index.size).toBe(1);
  });

  it('skips and counts a payload that fails its integrity check, and indexes the rest', async () => {
    const { server, index, sync } = setUp();
    const good = await server.add({ payload: { url: 'https://good.example' } });
    const broken = await server.add({ payload: { url: 'https://broken.example' } });
    server.corrupt(broken);

    const counts = await sync();

    expect(counts).toMatchObject({ opened: 1, failed: 1, reconciled: false });
    expect(index.get(good)).toBeDefined();
    expect(index.get(broken)).toBeUndefined();
    expect(index.skippedRevision(broken)).toBe(1);
    // Not retried until it changes: the next sync reads nothing.
    const again = await sync();
    expect(again).toMatchObject({ opened: 0, failed: 0, reconciled: false });
    await server.edit(broken, { url: 'https://mended.example' });
    expect((await sync()).opened).toBe(1);
    expect(index.get(broken)?.urls).toEqual([{ url: 'https://mended.example' }]);
  });
});

describe('syncIndex: later syncs read only what changed', () => {
  it('applies an added, a changed, a renamed, a moved and a removed secret, opening only new revisions', async () => {
    const { server, index, sync } = setUp();
    const changed = await server.add({ payload: { url: 'https://old.example' } });
    const renamed = await server.add({ name: 'Old name', payload: { url: 'https://rename.example' } });
    const moved = await server.add({ chestId: 'c-1', payload: { url: 'https://move.example' } });
    const removed = await server.add({ payload: { url: 'https://gone.example' } });
    await sync();

    const added = await server.add({ payload: { url: 'https://new.example', username: 'bo' } });
    await server.edit(changed, { url: 'https://changed.example' });
    server.rename(renamed, 'New name');
    server.rename(moved, 'Moved', { id: 'c-2', name: 'Chest two' });
    server.remove(removed);
    const opener = countingOpener();

    const counts = await sync(opener);

    expect(counts).toEqual({
      opened: 2,
      failed: 0,
      removed: 1,
      unchanged: 2,
      full: false,
      reconciled: false,
    });
    expect(opener.payloads).toBe(2);
    expect(index.get(added)).toMatchObject({ username: 'bo', urls: [{ url: 'https://new.example' }] });
    expect(index.get(changed)).toMatchObject({ revision: 2, urls: [{ url: 'https://changed.example' }] });
    expect(index.get(renamed)).toMatchObject({ name: 'New name', revision: 1 });
    expect(index.get(moved)).toMatchObject({ chestId: 'c-2', chestName: 'Chest two' });
    expect(index.get(removed)).toBeUndefined();
    expect(index.candidatesFor('https://gone.example')).toEqual([]);
  });

  it('reads at most 10 payloads for 10 changes among 60 secrets', async () => {
    const { server, sync } = setUp();
    const ids: string[] = [];
    for (let n = 0; n < 60; n += 1) ids.push(await server.add({ payload: { url: `https://s${n}.example` } }));
    await sync();
    for (const id of ids.slice(0, 10)) await server.edit(id, { url: 'https://edited.example' });
    const opener = countingOpener();

    const counts = await sync(opener);

    expect(opener.payloads).toBe(10);
    expect(counts).toMatchObject({ opened: 10, unchanged: 0 });
    expect((await sync(opener)).opened).toBe(0);
  });

  it('drops a secret whose key the caller lost without reading it, and opens it again after a reshare', async () => {
    const { server, index, sync } = setUp();
    const id = await server.add({ payload: { url: 'https://keyed.example' } });
    await sync();
    server.loseKey(id);
    const opener = countingOpener();

    const lost = await sync(opener);

    expect(lost).toMatchObject({ removed: 1, opened: 0, reconciled: false });
    expect(opener.payloads).toBe(0);
    expect(index.get(id)).toBeUndefined();
    await server.giveKey(id);
    expect((await sync()).opened).toBe(1);
    expect(index.get(id)?.urls).toEqual([{ url: 'https://keyed.example' }]);
  });

  it('applies a later page after the payloads of the earlier ones (a key lost while the pages are read)', async () => {
    const { server, index } = setUp();
    const id = await server.add({ payload: { url: 'https://race.example' } });
    index.cursor = '0';
    const [served] = (await server.transport.changes(null, 10)).items;
    if (!served) throw new Error('no secret served');
    const pages: ChangesPage[] = [
      { items: [served], removed: [], cursor: '1', more: true, readable: 1 },
      { items: [{ ...served, secret_key: null }], removed: [], cursor: '2', more: false, readable: 1 },
    ];
    const scripted = {
      ...server.transport,
      changes: async () => structuredClone(pages.shift() as ChangesPage),
    };

    const counts = await syncIndex({ index, transport: scripted, opener: countingOpener() });

    expect(index.get(id)).toBeUndefined();
    expect(index.skippedRevision(id)).toBe(1);
    expect(counts).toMatchObject({ opened: 1, removed: 1, reconciled: false });
    expect(index.cursor).toBe('2');
  });

  it('re-lists the readable ids when the counts disagree: prunes what is gone, opens what was missed', async () => {
    const { server, index, sync } = setUp();
    const kept = await server.add({ payload: { url: 'https://kept.example' } });
    const gone = await server.add({ payload: { url: 'https://gone.example' } });
    const missed = await server.add({ payload: { url: 'https://missed.example' } });
    await sync();
    server.remove(gone);
    server.forgetRemovals();
    await server.editSilently(missed, { url: 'https://caught.example' });
    const opener = countingOpener();

    const counts = await sync(opener);

    expect(counts).toMatchObject({ reconciled: true, removed: 1, opened: 1 });
    expect(opener.payloads).toBe(1);
    expect(index.get(gone)).toBeUndefined();
    expect(index.get(kept)).toMatchObject({ revision: 1 });
    expect(index.get(missed)).toMatchObject({ revision: 2, urls: [{ url: 'https://caught.example' }] });
    // Agreeing again: the next sync neither re-lists nor reads a payload.
    const idsReads = server.reads.ids;
    expect(await sync(opener)).toMatchObject({ reconciled: false, opened: 0 });
    expect(server.reads.ids).toBe(idsReads);
  });

  it('reads in one request the secrets the ids show missing or older', async () => {
    const { server, index, sync } = setUp();
    const a = await server.add({ payload: { url: 'https://a.example' } });
    await sync();
    const b = await server.add({ payload: { url: 'https://b.example' } });
    // The index loses b's change (as if an earlier sync was cut short after its cursor was kept).
    await sync();
    index.remove(b);
    await server.editSilently(a, { url: 'https://a2.example' });
    server.remove(await server.add({}));
    server.forgetRemovals();
    const before = server.reads.read;

    const counts = await sync();

    expect(counts.reconciled).toBe(true);
    expect(server.reads.read - before).toBe(1);
    expect(server.readIds.at(-1)?.sort()).toEqual([a, b].sort());
    expect(index.get(b)?.urls).toEqual([{ url: 'https://b.example' }]);
    expect(index.get(a)).toMatchObject({ revision: 2, urls: [{ url: 'https://a2.example' }] });
  });

  it('starts again from the beginning when the server no longer knows the cursor, re-opening nothing indexed', async () => {
    const { server, index, sync } = setUp();
    await server.add({ payload: { url: 'https://one.example' } });
    await sync();
    const added = await server.add({ payload: { url: 'https://two.example' } });
    server.forgottenBefore = Number(index.cursor) + 1;
    const opener = countingOpener();

    const counts = await sync(opener);

    expect(counts).toMatchObject({ full: true, opened: 1, unchanged: 0 });
    expect(opener.payloads).toBe(1);
    expect(allRead(server).at(-1)).toBe(added);
    expect(index.get(added)).toBeDefined();
  });
});
