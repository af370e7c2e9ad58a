import type { TrustLogItem, TrustLogResponse } from '@coffer/core';
import { openTrustCheckpoint, publicKeyFingerprint, signTrustCheckpoint, trustEntryHash } from '@coffer/core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import { makeTestUserKeys } from '../crypto-client/testing/test-user-keys.js';
import { savePrivateKey, saveSigningKey } from '../keys/key-store.js';
import { mockFetch } from '../test/mock-fetch.js';
import { readLocalCheckpoint } from './local-checkpoint.js';
import { createTrustLogSync } from './sync-trust-log.js';
import { forkMessage, GENESIS_CHANGED_MESSAGE, isTrustLogAlarm, rollbackMessage } from './trust-log-alarm.js';

// The browser's side of the trust log against a server played by mockFetch: what it verifies, what it
// remembers, and the alarms when the server rolls the log back, forks it or sends a forged entry.

const ORG = testId('org', 1);
let owner: TestSigner;
let ada: TestSigner;
let me: TestSigner & { privateKey: CryptoKey };
let log: TrustLogBuilder;
let nextUser = 0;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  ada = await freshSigner(testId('user', 2));
  const keys = await makeTestUserKeys(testId('user', 3));
  me = {
    id: keys.userId,
    publicKey: keys.publicKey,
    fingerprint: await publicKeyFingerprint(keys.publicKey),
    signingKey: keys.signingKey,
    privateKey: keys.privateKey,
  };
  log = new TrustLogBuilder(ORG);
  await log.start(
    owner,
    [
      [ada, 'ada'],
      [me, 'me'],
    ],
    { name: 'Office', domain: 'office.test' },
  );
  await log.append(owner, {
    op: 'team_member',
    body: { team: testId('team', 1), user: ada.id, edit: true, present: true },
  });
}, 60_000);

// Each test is a different signed-in user of this browser, so checkpoints never meet.
let userId: string;
beforeEach(async () => {
  nextUser += 1;
  userId = `${me.id.slice(0, -4)}${String(9000 + nextUser)}`;
  await savePrivateKey(me.privateKey);
  await saveSigningKey(me.signingKey);
});

async function items(count = log.entries.length): Promise<TrustLogItem[]> {
  return Promise.all(
    log.entries
      .slice(0, count)
      .map(async (signed) => ({ ...signed, seq: signed.entry.seq, hash: await trustEntryHash(signed) })),
  );
}

/** A server holding `served` (items) and the user's checkpoint; records what it was sent. */
function serve(
  served: TrustLogItem[],
  checkpoint: { seq: number | null; signed: string | null } = { seq: null, signed: null },
) {
  const stored = { ...checkpoint };
  const calls = mockFetch({
    'GET /api/v1/trust_log': (call) => {
      const after = Number(new URL(call.path, 'http://x').searchParams.get('after') ?? -1);
      const last = served.at(-1);
      const answer: TrustLogResponse = {
        items: served.filter((item) => item.seq > after),
        head: last ? { seq: last.seq, hash: last.hash } : null,
      };
      return { body: answer };
    },
    'GET /api/v1/trust_log/checkpoint.json': () => ({ body: stored }),
    'PUT /api/v1/trust_log/checkpoint.json': (call) => {
      const body = JSON.parse(String(call.init.body)) as { seq: number; signed: string };
      Object.assign(stored, body);
      return { body: stored };
    },
    'GET /api/v1/profile.json': { body: { id: userId, public_key: me.publicKey } },
  });
  return { calls, stored };
}

async function alarmOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isTrustLogAlarm(error)).toBe(true);
  return error as Error & { kind: string };
}

describe('syncing the trust log', () => {
  it('answers null, and remembers nothing, while the organisation has no log', async () => {
    serve([]);
    expect(await createTrustLogSync({ userId, organisationId: ORG }).sync()).toBeNull();
    expect(await readLocalCheckpoint(userId)).toBeNull();
  });

  it('verifies the whole log, then reads only what is new; keeps a checkpoint here and a signed one on the server', async () => {
    const all = await items();
    const server = serve(all.slice(0, 3));
    const sync = createTrustLogSync({ userId, organisationId: ORG });
    expect((await sync.sync())?.state.seq).toBe(2);
    expect(await readLocalCheckpoint(userId)).toEqual({
      org: ORG,
      user: userId,
      seq: 2,
      head: all[2]?.hash,
      genesis: null,
    });
    expect(server.stored.seq).toBe(2);

    const later = serve(all, server.stored);
    const state = (await sync.sync())?.state;
    expect(state?.seq).toBe(3);
    expect(state?.teams.get(testId('team', 1))?.get(ada.id)).toBe(true);
    const reads = later.calls.filter(
      (call) => call.path.startsWith('/api/v1/trust_log?') || call.path === '/api/v1/trust_log',
    );
    expect(reads.map((call) => new URL(call.path, 'http://x').searchParams.get('after'))).toEqual(['2']);
    expect(later.stored.seq).toBe(3);
  }, 30_000);

  it('raises a rollback alarm when the server later serves a shorter log, in this browser or a new one', async () => {
    const all = await items();
    const first = serve(all);
    await createTrustLogSync({ userId, organisationId: ORG }).sync();
    // Same browser, after a reload: this browser's checkpoint says 3.
    serve(all.slice(0, 2), first.stored);
    const here = await alarmOf(createTrustLogSync({ userId, organisationId: ORG }).sync());
    expect(here.kind).toBe('rollback');
    expect(here.message).toBe(rollbackMessage(1, 3));
  }, 30_000);

  it('a new browser starts from the checkpoint the user signed on the server', async () => {
    const all = await items();
    const signingKey = me.signingKey;
    const signed = await signTrustCheckpoint(signingKey, {
      org: ORG,
      user: userId,
      seq: 3,
      head: all[3]?.hash as string,
      genesis: null,
    });
    serve(all.slice(0, 2), { seq: 3, signed });
    const alarm = await alarmOf(createTrustLogSync({ userId, organisationId: ORG }).sync());
    expect(alarm.message).toBe(rollbackMessage(1, 3));
    // A checkpoint the user did not sign is not used (the server could as well have withheld it).
    const forged = await signTrustCheckpoint(ada.signingKey, {
      org: ORG,
      user: userId,
      seq: 3,
      head: 'x',
      genesis: null,
    });
    nextUser += 1;
    userId = `${userId}-new`;
    serve(all.slice(0, 2), { seq: 3, signed: forged });
    expect((await createTrustLogSync({ userId, organisationId: ORG }).sync())?.state.seq).toBe(1);
  }, 30_000);

  it('raises a fork alarm when the entry at the checkpoint differs, and refuses a forged entry', async () => {
    const all = await items();
    const first = serve(all.slice(0, 3));
    await createTrustLogSync({ userId, organisationId: ORG }).sync();
    // The same seq 2, admitted differently: a log rewritten from seq 2 on.
    const forked = new TrustLogBuilder(ORG);
    await forked.adopt(log.entries.slice(0, 2));
    await forked.append(owner, {
      op: 'admit',
      body: { user: me.id, email: 'me@office.test', public_key: me.publicKey, admin: true, how: 'confirmed' },
    });
    const forkedItems = await Promise.all(
      forked.entries.map(async (signed) => ({
        ...signed,
        seq: signed.entry.seq,
        hash: await trustEntryHash(signed),
      })),
    );
    serve(forkedItems, first.stored);
    const fork = await alarmOf(createTrustLogSync({ userId, organisationId: ORG }).sync());
    expect(fork.kind).toBe('fork');
    expect(fork.message).toBe(forkMessage(2));

    const tampered = (await items()).map((item) =>
      item.seq === 3
        ? { ...item, entry: { ...item.entry, body: { ...item.entry.body, edit: false } } }
        : item,
    ) as TrustLogItem[];
    serve(tampered, first.stored);
    const invalid = await alarmOf(createTrustLogSync({ userId, organisationId: ORG }).sync());
    expect(invalid.kind).toBe('invalid');
  }, 30_000);

  it('a member confirms the genesis once: kept here and signed on the server, so a new browser knows it too', async () => {
    const all = await items();
    const server = serve(all);
    const sync = createTrustLogSync({ userId, organisationId: ORG });
    const first = await sync.sync();
    expect(first?.genesis).toBe(all[0]?.hash);
    expect(first?.confirmed).toBe(false);
    expect((await sync.confirmGenesis())?.confirmed).toBe(true);
    expect((await readLocalCheckpoint(userId))?.genesis).toBe(all[0]?.hash);
    const opened = await openTrustCheckpoint(server.stored.signed as string, me.publicKey, {
      org: ORG,
      user: userId,
    });
    expect(opened.genesis).toBe(all[0]?.hash);
    // Another page of this browser, and a browser with only the server's copy, both know it.
    expect((await createTrustLogSync({ userId, organisationId: ORG }).sync())?.confirmed).toBe(true);
  }, 30_000);

  it('a confirmed genesis that is not the log’s is a fork alarm', async () => {
    const all = await items();
    const { storeLocalCheckpoint } = await import('./local-checkpoint.js');
    await storeLocalCheckpoint({
      org: ORG,
      user: userId,
      seq: 0,
      head: all[0]?.hash as string,
      genesis: `${'A'.repeat(43)}=`,
    });
    serve(all);
    const alarm = await alarmOf(createTrustLogSync({ userId, organisationId: ORG }).sync());
    expect(alarm.kind).toBe('fork');
    expect(alarm.message).toBe(GENESIS_CHANGED_MESSAGE);
  }, 30_000);

  it('the owner who signed the genesis has it confirmed from the start', async () => {
    const own = new TrustLogBuilder(testId('org', 2));
    await own.append(me, {
      op: 'genesis',
      body: { name: 'Mine', email: 'me@office.test', public_key: me.publicKey },
    });
    const ownItems = await Promise.all(
      own.entries.map(async (signed) => ({
        ...signed,
        seq: signed.entry.seq,
        hash: await trustEntryHash(signed),
      })),
    );
    userId = me.id;
    serve(ownItems);
    const log = await createTrustLogSync({ userId: me.id, organisationId: testId('org', 2) }).sync();
    expect(log?.confirmed).toBe(true);
    expect(log?.genesis).toBe(ownItems[0]?.hash);
  }, 30_000);
});
