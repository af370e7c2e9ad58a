import { importVerifyingKey, publicKeyFingerprint } from '../crypto/key-pair.js';
import { verifyKeyRotation } from '../crypto/key-rotation.js';
import type { SignedTrustEntry } from './trust-entry.js';
import { trustEntryHash, verifyTrustEntrySignature } from './trust-entry-signature.js';
import { TrustLogError } from './trust-log-error.js';
import { applyChange, type VerifiedKey } from './trust-rules.js';
import { activeUser, copyTrustState, type TrustState } from './trust-state.js';

/*
 * Verifying a log and folding it into the state it describes (docs/crypto.md, "Organisation trust
 * log"). Each entry is checked, in this order, against the state after the entry before it: its
 * sequence number, its chain link and organisation, that its actor is an active member, that actor_fp
 * is the fingerprint of the key that must have signed, the signature, and then the authority rules
 * (trust-rules.ts). The first refusal stops the fold with a TrustLogError.
 */

// Imported verifying keys by SPKI, for one fold: most entries are signed by a few administrators.
type KeyCache = Map<string, Promise<CryptoKey>>;

function verifyingKey(cache: KeyCache, publicKey: string): Promise<CryptoKey> {
  let key = cache.get(publicKey);
  if (!key) {
    key = importVerifyingKey(publicKey).catch(() => {
      throw new TrustLogError('malformed', 'The entry carries a key that is not a suite-1 RSA key.');
    });
    cache.set(publicKey, key);
  }
  return key;
}

async function carriedKey(signed: SignedTrustEntry, cache: KeyCache): Promise<VerifiedKey | undefined> {
  const { entry } = signed;
  if (!('public_key' in entry.body)) return undefined;
  const publicKey = entry.body.public_key;
  await verifyingKey(cache, publicKey);
  return { publicKey, fingerprint: await publicKeyFingerprint(publicKey) };
}

async function requireSignature(
  signed: SignedTrustEntry,
  signer: VerifiedKey,
  cache: KeyCache,
): Promise<void> {
  if (signed.entry.actor_fp !== signer.fingerprint) {
    throw new TrustLogError(
      'signature',
      'Actor_fp is not the fingerprint of the key that must sign this entry.',
    );
  }
  if (!(await verifyTrustEntrySignature(await verifyingKey(cache, signer.publicKey), signed))) {
    throw new TrustLogError('signature', 'The entry’s signature does not verify.');
  }
}

async function applyGenesis(signed: SignedTrustEntry, cache: KeyCache): Promise<TrustState> {
  const { entry } = signed;
  if (entry.op !== 'genesis' || entry.seq !== 0 || entry.prev !== null) {
    throw new TrustLogError('sequence', 'A log starts with its genesis entry at seq 0.');
  }
  const key = (await carriedKey(signed, cache)) as VerifiedKey;
  await requireSignature(signed, key, cache);
  return {
    org: entry.org,
    name: entry.body.name,
    owner: entry.actor,
    seq: 0,
    head: await trustEntryHash(signed),
    users: new Map([
      [
        entry.actor,
        {
          id: entry.actor,
          email: entry.body.email,
          publicKey: key.publicKey,
          fingerprint: key.fingerprint,
          keyOrigin: 'genesis',
          admin: true,
          active: true,
        },
      ],
    ]),
    teams: new Map(),
    chests: new Map(),
  };
}

// Verifies one entry against `state` and applies it there (mutating); the caller owns `state`.
async function applyInPlace(state: TrustState, signed: SignedTrustEntry, cache: KeyCache): Promise<void> {
  const { entry } = signed;
  if (entry.seq !== state.seq + 1)
    throw new TrustLogError('sequence', 'The entry’s seq is not the next one.');
  if (entry.org !== state.org) throw new TrustLogError('chain', 'The entry belongs to another organisation.');
  if (entry.prev !== state.head)
    throw new TrustLogError('chain', 'The entry’s prev is not the hash of the entry before.');
  if (entry.op === 'genesis') throw new TrustLogError('sequence', 'A log has one genesis entry.');
  const actor = activeUser(state, entry.actor);
  if (!actor) throw new TrustLogError('unauthorised', 'The entry’s actor is not an active member.');
  const key = await carriedKey(signed, cache);
  // A rotation is signed with the new key and carries the old key's endorsement; any other entry is
  // signed with the actor's key in the state.
  await requireSignature(signed, entry.op === 'key' ? (key as VerifiedKey) : actor, cache);
  if (entry.op === 'key' && entry.actor === entry.body.user) {
    const endorsed = await verifyKeyRotation({
      userId: entry.body.user,
      publicKey: entry.body.public_key,
      endorsingPublicKey: actor.publicKey,
      signature: entry.body.endorsement,
    }).catch(() => false);
    if (!endorsed)
      throw new TrustLogError('signature', 'The new key is not endorsed by the user’s key in the log.');
  }
  applyChange(state, actor, entry, key);
  state.seq = entry.seq;
  state.head = await trustEntryHash(signed);
}

/**
 * Verifies `entries` and folds them: from genesis when `from` is absent, else as the entries after
 * `from` (which is left unchanged). Throws TrustLogError at the first entry refused.
 */
export async function foldTrustLog(
  entries: readonly SignedTrustEntry[],
  from?: TrustState,
): Promise<TrustState> {
  const cache: KeyCache = new Map();
  let state: TrustState;
  let rest: readonly SignedTrustEntry[];
  if (from) {
    state = copyTrustState(from);
    rest = entries;
  } else {
    const [first, ...others] = entries;
    if (!first) throw new TrustLogError('sequence', 'A log starts with its genesis entry at seq 0.');
    state = await applyGenesis(first, cache);
    rest = others;
  }
  for (const signed of rest) await applyInPlace(state, signed, cache);
  return state;
}
