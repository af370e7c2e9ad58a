// The save-secret benchmark's page, served by the real server (for its origin and CSP; the secret
// calls are answered in the page, in-page-api.ts). It saves each secret once per way, the order
// rotating: `fresh` is the web app's updateEncryptedSecret (a new key per save, issue 25), `reuse`
// today's save kept as the baseline (todays-paths.ts). Then it opens secrets both ways: `mark` is the
// web app's openSecretRecord (the revision mark in IndexedDB), `map` the open with the Map it replaced,
// once where the mark is new (a first open of that revision) and once where it is already stored.
import {
  foldTrustLog,
  generateUserKeyPair,
  publicKeyFingerprint,
  type SecretPayload,
  type SignedTrustEntry,
  signTrustEntry,
  TRUST_LOG_VERSION,
  type TrustChange,
  type TrustEntry,
  type TrustState,
} from '@coffer/core';
import { openSecretRecord } from '@coffer/web-src/crypto-client/open-secret-record.js';
import { type SecretDraft, updateEncryptedSecret } from '@coffer/web-src/crypto-client/save-secret.js';
import { trustConfirmedKey } from '@coffer/web-src/keys/key-trust.js';
import type { VerifiedTrustLog } from '@coffer/web-src/trust-log/sync-trust-log.js';
import { resetTrustLogView, trustLogStore } from '@coffer/web-src/trust-log/trust-log-store.js';
import { publishBench } from '../bench-kit.js';
import { InPageApi, type PageReader, signInPageCaller } from './in-page-api.js';
import { openWithMemoryInMap, saveReusingKey } from './todays-paths.js';

// Ids are UUIDs, as the server makes them: the trust log's entries and the signed headers require them.
const benchId = (kind: number, n: number) => `0193a1b2-7c00-7a00-8000-${kind}${String(n).padStart(11, '0')}`;
const CALLER = benchId(1, 0);
const CHEST = benchId(2, 1);
const TEAM = benchId(3, 1);
const ORG = benchId(4, 1);
const PAYLOAD: SecretPayload = {
  username: 'deploy',
  password: 'Tr0ub4dor&3-staging-horse',
  url: 'https://deploy.example.com',
  note: 'Rotated every quarter; ask Operations before changing.',
};

let api: InPageApi | null = null;

/**
 * The caller and `others` colleagues with real RSA-3072 pairs, all trusted, and `count` secrets at
 * revision 1; every call is answered after `latencyMs`.
 */
async function setUp(others: number, count: number, latencyMs: number): Promise<string[]> {
  const caller = await signInPageCaller(CALLER);
  const readers: PageReader[] = [caller];
  for (let index = 0; index < others; index += 1) {
    const pair = await generateUserKeyPair();
    readers.push({ userId: benchId(1, index + 1), publicKey: pair.publicKey });
    await trustConfirmedKey(CALLER, benchId(1, index + 1), pair.publicKey, {
      name: `Colleague ${index}`,
      email: `colleague-${index}@bench.invalid`,
    });
  }
  verifiedLog = await organisationLog(caller, readers.slice(1));
  api = new InPageApi(CALLER, readers, latencyMs);
  api.install();
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1)
    ids.push(await api.storeSecret(CHEST, `Deploy key ${index}`, PAYLOAD));
  return ids;
}

type Way = 'fresh' | 'reuse' | 'logged';
type Times = Record<Way | 'markFirst' | 'mapFirst' | 'markAgain' | 'mapAgain', number[]>;

let verifiedLog: VerifiedTrustLog | null = null;

/**
 * The organisation's trust log as the caller (its owner) signed it: every colleague admitted and in
 * one team, which may write the chest; folded, as the shell's sync leaves it in the store.
 */
async function organisationLog(
  owner: PageReader & { signingKey: CryptoKey },
  colleagues: readonly PageReader[],
): Promise<VerifiedTrustLog> {
  const fingerprint = await publicKeyFingerprint(owner.publicKey);
  const changes: TrustChange[] = [
    { op: 'genesis', body: { name: 'Bench', email: 'owner@bench.invalid', public_key: owner.publicKey } },
    ...colleagues.map((colleague, index) => ({
      op: 'admit' as const,
      body: {
        user: colleague.userId,
        email: `colleague-${index}@bench.invalid`,
        public_key: colleague.publicKey,
        admin: false,
        how: 'confirmed' as const,
      },
    })),
    ...colleagues.map((colleague) => ({
      op: 'team_member' as const,
      body: { team: TEAM, user: colleague.userId, edit: true, present: true },
    })),
    { op: 'chest_team', body: { chest: CHEST, team: TEAM, edit: true, present: true } },
  ];
  let state: TrustState | undefined;
  const entries: SignedTrustEntry[] = [];
  for (const change of changes) {
    const entry = {
      v: TRUST_LOG_VERSION,
      org: ORG,
      seq: entries.length,
      prev: state?.head ?? null,
      at: new Date().toISOString(),
      actor: owner.userId,
      actor_fp: fingerprint,
      ...change,
    } as TrustEntry;
    const signed = await signTrustEntry(owner.signingKey, entry);
    state = await foldTrustLog([signed], state);
    entries.push(signed);
  }
  const latest = state as TrustState;
  const stateAt = async (seq: number) => {
    if (seq !== latest.seq) throw new RangeError('The bench signs under the latest state only.');
    return latest;
  };
  return { state: latest, genesis: entries[1]?.entry.prev ?? '', confirmed: true, stateAt };
}

// A save in an organisation with a verified log: the readers are the log's (issue 30's wrap gate).
async function withLog<T>(act: () => Promise<T>): Promise<T> {
  const log = verifiedLog;
  trustLogStore.set((view) => ({ ...view, synced: true, log, sync: async () => log, userId: CALLER }));
  try {
    return await act();
  } finally {
    resetTrustLogView();
  }
}

function draftFor(id: string): SecretDraft {
  const stored = api?.secrets.get(id)?.secret;
  return {
    vaultId: CHEST,
    name: stored?.name ?? '',
    category: 'password',
    payload: { ...PAYLOAD, note: `Saved at revision ${(stored?.revision ?? 0) + 1}` },
    strength: 4,
    formFill: false,
    hidden: false,
  };
}

const savers: Record<Way, (id: string) => Promise<unknown>> = {
  fresh: (id) => updateEncryptedSecret(baseOf(id), draftFor(id), CALLER),
  reuse: (id) => saveReusingKey(baseOf(id), draftFor(id), CALLER),
  logged: (id) => withLog(() => updateEncryptedSecret(baseOf(id), draftFor(id), CALLER)),
};

function baseOf(id: string) {
  return { id, baseRevision: api?.secrets.get(id)?.secret.revision ?? 0 };
}

async function timed(times: number[], act: () => Promise<unknown>): Promise<void> {
  const startedAt = performance.now();
  await act();
  times.push(performance.now() - startedAt);
}

/** Rotates which way goes first, per item. */
function inTurn<T>(index: number, ways: readonly T[]): T[] {
  return index % 2 === 0 ? [...ways] : [...ways].reverse();
}

/**
 * Unrecorded warm-up on `warmup`, then on each of `ids`: both opens of its revision 1 (the mark is
 * new for `mark`), both opens again (stored), then both saves. Answers the durations in ms.
 */
async function measure(warmup: string[], ids: string[]): Promise<Times> {
  for (const id of warmup) {
    await openSecretRecord(id, CALLER);
    await openWithMemoryInMap(id, CALLER);
    for (const way of ['fresh', 'reuse', 'logged'] as const) await savers[way](id);
  }
  const times: Times = {
    fresh: [],
    reuse: [],
    logged: [],
    markFirst: [],
    mapFirst: [],
    markAgain: [],
    mapAgain: [],
  };
  for (const [index, id] of ids.entries()) {
    const opens = [
      ['markFirst', () => openSecretRecord(id, CALLER)],
      ['mapFirst', () => openWithMemoryInMap(id, CALLER)],
    ] as const;
    for (const [key, open] of inTurn(index, opens)) await timed(times[key], open);
    const again = [
      ['markAgain', () => openSecretRecord(id, CALLER)],
      ['mapAgain', () => openWithMemoryInMap(id, CALLER)],
    ] as const;
    for (const [key, open] of inTurn(index, again)) await timed(times[key], open);
    for (const way of inTurn(index, ['fresh', 'reuse', 'logged'] as const))
      await timed(times[way], () => savers[way](id));
  }
  return times;
}

publishBench('saveSecretBench', { setUp, measure });
