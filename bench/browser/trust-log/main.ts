// The trust-log benchmark's page, served by the real server (for its origin and CSP). It builds a log
// of real signed entries, then times the browser's fold (core's foldTrustLog through the sync's state
// history, which keeps a state every 256 entries for judging headers: what a browser runs at unlock and
// at each sync) against its floor: the bare WebCrypto a verifier cannot skip, one RSA-PSS verification and one
// SHA-256 per entry over bytes prepared beforehand, keys imported beforehand.
import {
  base64ToBytes,
  bytesToBase64,
  canonicalJson,
  publicKeyFingerprint,
  RSA_MODULUS_BITS,
  type SignedTrustEntry,
  signTrustEntry,
  type TrustChange,
  type TrustEntry,
  type TrustState,
  trustEntryHash,
  trustEntryMessage,
  utf8Encode,
} from '@coffer/core';
import { createTrustStateHistory } from '@coffer/web-src/trust-log/trust-state-history.js';
import { publishBench } from '../bench-kit.js';

interface Signer {
  id: string;
  publicKey: string;
  fingerprint: string;
  signingKey: CryptoKey;
}

const PSS = { name: 'RSA-PSS', hash: 'SHA-256' } as const;
const ORG = '0193a1b2-7c00-7a00-8000-a00000000001';
const id = (prefix: string, n: number) => `0193a1b2-7c00-7a00-8000-${prefix}${String(n).padStart(11, '0')}`;

let entries: SignedTrustEntry[] = [];
// The floor's inputs: each entry's signer key, signed bytes, signature and hashed bytes.
let floor: Array<{
  key: CryptoKey;
  message: Uint8Array<ArrayBuffer>;
  sig: Uint8Array<ArrayBuffer>;
  hashed: Uint8Array<ArrayBuffer>;
}> = [];

async function signer(n: number): Promise<Signer> {
  const pair = await crypto.subtle.generateKey(
    { ...PSS, modulusLength: RSA_MODULUS_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  );
  const publicKey = bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  return {
    id: id('b', n),
    publicKey,
    fingerprint: await publicKeyFingerprint(publicKey),
    signingKey: pair.privateKey,
  };
}

/**
 * A log of `count` entries: genesis by the owner, `people` admissions (a third administrators), then
 * team memberships and chest assignments over 100 teams and 300 chests, by the administrators in turn.
 */
async function setUp(count: number, people: number): Promise<{ entries: number; bytes: number }> {
  const owner = await signer(0);
  const others = await Promise.all(Array.from({ length: people }, (_, index) => signer(index + 1)));
  const admins = [owner, ...others.filter((_, index) => index % 3 === 0)];
  entries = [];
  let prev: string | null = null;
  const append = async (by: Signer, change: TrustChange) => {
    const entry = {
      v: 1,
      org: ORG,
      seq: entries.length,
      prev,
      at: new Date().toISOString(),
      actor: by.id,
      actor_fp: by.fingerprint,
      ...change,
    } as TrustEntry;
    const signed = await signTrustEntry(by.signingKey, entry);
    entries.push(signed);
    prev = await trustEntryHash(signed);
  };
  await append(owner, {
    op: 'genesis',
    body: { name: 'Bench', email: 'owner@bench.invalid', public_key: owner.publicKey },
  });
  for (const [index, person] of others.entries()) {
    await append(owner, {
      op: 'admit',
      body: {
        user: person.id,
        email: `p${index}@bench.invalid`,
        public_key: person.publicKey,
        admin: index % 3 === 0,
        how: 'created',
      },
    });
  }
  for (let n = 0; entries.length < count; n += 1) {
    const by = admins[n % admins.length] as Signer;
    const team = id('c', n % 100);
    const change: TrustChange =
      n % 2 === 0
        ? {
            op: 'team_member',
            body: {
              team,
              user: (others[n % others.length] as Signer).id,
              edit: n % 4 === 0,
              present: n % 7 !== 0,
            },
          }
        : {
            op: 'chest_team',
            body: { chest: id('d', n % 300), team, edit: n % 3 === 0, present: n % 5 !== 0 },
          };
    await append(by, change);
  }
  const keys = new Map<string, CryptoKey>();
  for (const person of [owner, ...others]) {
    keys.set(
      person.id,
      await crypto.subtle.importKey('spki', base64ToBytes(person.publicKey), PSS, false, ['verify']),
    );
  }
  floor = entries.map(({ entry, sig }) => ({
    key: keys.get(entry.actor) as CryptoKey,
    message: trustEntryMessage(entry),
    sig: base64ToBytes(sig),
    hashed: utf8Encode(canonicalJson({ entry, sig })),
  }));
  return {
    entries: entries.length,
    bytes: entries.reduce((sum, signed) => sum + JSON.stringify(signed).length, 0),
  };
}

async function bare(from: number, to: number): Promise<void> {
  for (let index = from; index < to; index += 1) {
    const item = floor[index];
    if (!item) throw new Error('no such entry');
    const ok = await crypto.subtle.verify(
      { name: 'RSA-PSS', saltLength: 32 },
      item.key,
      item.sig,
      item.message,
    );
    if (!ok) throw new Error('the floor failed to verify');
    await crypto.subtle.digest('SHA-256', item.hashed);
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * `rounds` times each, alternating: the whole log from genesis, folded and bare; and the last
 * `tail` entries from the state before them (an incremental sync), folded and bare.
 */
async function measure(
  rounds: number,
  tail: number,
): Promise<Record<'full' | 'fullBare' | 'sync' | 'syncBare', number[]>> {
  const times = {
    full: [] as number[],
    fullBare: [] as number[],
    sync: [] as number[],
    syncBare: [] as number[],
  };
  const history = createTrustStateHistory();
  const before: TrustState = await history.fold(entries.slice(0, entries.length - tail), null);
  const last = entries.slice(entries.length - tail);
  for (let round = 0; round < rounds; round += 1) {
    const fold = async () => times.full.push(await time(() => createTrustStateHistory().fold(entries, null)));
    const floorRun = async () => times.fullBare.push(await time(() => bare(0, entries.length)));
    if (round % 2 === 0) await fold().then(floorRun);
    else await floorRun().then(fold);
    for (let again = 0; again < 10; again += 1) {
      times.sync.push(await time(() => history.fold(last, before)));
      times.syncBare.push(await time(() => bare(entries.length - tail, entries.length)));
    }
  }
  return times;
}

publishBench('trustLogBench', { setUp, measure });
