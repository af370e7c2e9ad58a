import { importVerifyingKey, publicKeyFingerprint } from '../crypto/key-pair.js';
import { verifyKeyRotation } from '../crypto/key-rotation.js';
import { canonicalJson } from './canonical-json.js';
import type { SignedTrustEntry } from './trust-entry.js';
import {
  hashOfSignedText,
  messageOfText,
  signedEntryText,
  verifySignatureOver,
} from './trust-entry-signature.js';
import { TrustLogError } from './trust-log-error.js';
import { applyChange, type VerifiedKey } from './trust-rules.js';
import { activeUser, copyTrustState, type TrustState } from './trust-state.js';

/*
 * Verifying a log and folding it into the state it describes (docs/crypto.md, "Organisation trust
 * log"). Each entry is checked, in this order, against the state after the entry before it: its
 * sequence number, its chain link and organisation, that its actor is an active member, that actor_fp
 * is the fingerprint of the key that must have signed, the signature, and then the authority rules
 * (trust-rules.ts). The first refusal stops the fold with a TrustLogError.
 *
 * The state-free work (encoding, hashing, and each signature against the key whose fingerprint the
 * entry names as actor_fp) runs first, many entries at a time, so that WebCrypto's threads overlap; the
 * ordered pass then only compares actor_fp with the signer the state requires. A fingerprint is the
 * SHA-256 of the key, so a signature that verifies under the key with that fingerprint is one by the
 * state's key exactly when the two fingerprints are equal.
 */

// Entries prepared at once: enough to keep WebCrypto busy, few enough to stop soon after a refusal.
const BATCH = 64;

// Imported verifying keys by SPKI, for one fold: most entries are signed by a few administrators.
type KeyCache = Map<string, Promise<CryptoKey>>;

/** What the ordered pass needs of an entry, made without the state. A refusal found here waits its turn. */
interface Prepared {
  signed: SignedTrustEntry;
  hash: string;
  signatureVerifies: boolean;
  carried: VerifiedKey | undefined;
  refusal: TrustLogError | undefined;
}

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
  const { body } = signed.entry;
  if (!('public_key' in body)) return undefined;
  await verifyingKey(cache, body.public_key);
  return { publicKey: body.public_key, fingerprint: await publicKeyFingerprint(body.public_key) };
}

async function prepare(
  signed: SignedTrustEntry,
  cache: KeyCache,
  keysByFingerprint: Map<string, string>,
  carried: VerifiedKey | undefined,
): Promise<Prepared> {
  const entryText = canonicalJson(signed.entry);
  const signer = keysByFingerprint.get(signed.entry.actor_fp);
  const [hash, signatureVerifies] = await Promise.all([
    hashOfSignedText(signedEntryText(entryText, signed.sig)),
    signer
      ? verifySignatureOver(await verifyingKey(cache, signer), signed.sig, messageOfText(entryText))
      : Promise.resolve(false),
  ]);
  return { signed, hash, signatureVerifies, carried, refusal: undefined };
}

// Prepares a batch. The keys entries carry are learnt first, so an entry may be signed by a key that
// an earlier entry of the same batch admits.
async function prepareBatch(
  batch: readonly SignedTrustEntry[],
  cache: KeyCache,
  keysByFingerprint: Map<string, string>,
): Promise<Prepared[]> {
  const carried = await Promise.all(
    batch.map((signed) =>
      carriedKey(signed, cache).then(
        (key) => ({ key }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
  for (const found of carried)
    if ('key' in found && found.key) keysByFingerprint.set(found.key.fingerprint, found.key.publicKey);
  return Promise.all(
    batch.map(async (signed, index) => {
      const found = carried[index] as { key: VerifiedKey | undefined } | { error: unknown };
      try {
        if ('error' in found) throw found.error;
        return await prepare(signed, cache, keysByFingerprint, found.key);
      } catch (error) {
        const refusal =
          error instanceof TrustLogError
            ? error
            : new TrustLogError('malformed', 'The entry cannot be encoded.');
        return { signed, hash: '', signatureVerifies: false, carried: undefined, refusal };
      }
    }),
  );
}

function requireSignature(prepared: Prepared, signer: VerifiedKey): void {
  if (prepared.signed.entry.actor_fp !== signer.fingerprint) {
    throw new TrustLogError(
      'signature',
      'Actor_fp is not the fingerprint of the key that must sign this entry.',
    );
  }
  if (!prepared.signatureVerifies)
    throw new TrustLogError('signature', 'The entry’s signature does not verify.');
}

function applyGenesis(prepared: Prepared): TrustState {
  const { entry } = prepared.signed;
  if (entry.op !== 'genesis' || entry.seq !== 0 || entry.prev !== null) {
    throw new TrustLogError('sequence', 'A log starts with its genesis entry at seq 0.');
  }
  if (prepared.refusal) throw prepared.refusal;
  const key = prepared.carried as VerifiedKey;
  requireSignature(prepared, key);
  return {
    org: entry.org,
    name: entry.body.name,
    owner: entry.actor,
    seq: 0,
    head: prepared.hash,
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

// Checks one prepared entry against `state` and applies it there (mutating); the caller owns `state`.
async function applyInPlace(state: TrustState, prepared: Prepared): Promise<void> {
  const { entry } = prepared.signed;
  if (entry.seq !== state.seq + 1)
    throw new TrustLogError('sequence', 'The entry’s seq is not the next one.');
  if (entry.org !== state.org) throw new TrustLogError('chain', 'The entry belongs to another organisation.');
  if (entry.prev !== state.head)
    throw new TrustLogError('chain', 'The entry’s prev is not the hash of the entry before.');
  if (entry.op === 'genesis') throw new TrustLogError('sequence', 'A log has one genesis entry.');
  const actor = activeUser(state, entry.actor);
  if (!actor) throw new TrustLogError('unauthorised', 'The entry’s actor is not an active member.');
  if (prepared.refusal) throw prepared.refusal;
  const key = prepared.carried;
  // A rotation is signed with the new key and carries the old key's endorsement; any other entry is
  // signed with the actor's key in the state.
  requireSignature(prepared, entry.op === 'key' ? (key as VerifiedKey) : actor);
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
  state.head = prepared.hash;
}

/**
 * Verifies `entries` and folds them: from genesis when `from` is absent, else as the entries after
 * `from` (which is left unchanged). Throws TrustLogError at the first entry refused.
 */
export async function foldTrustLog(
  entries: readonly SignedTrustEntry[],
  from?: TrustState,
): Promise<TrustState> {
  if (!from && entries.length === 0)
    throw new TrustLogError('sequence', 'A log starts with its genesis entry at seq 0.');
  const cache: KeyCache = new Map();
  const keysByFingerprint = new Map<string, string>();
  for (const user of from?.users.values() ?? []) keysByFingerprint.set(user.fingerprint, user.publicKey);
  let state = from ? copyTrustState(from) : undefined;
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = await prepareBatch(entries.slice(start, start + BATCH), cache, keysByFingerprint);
    for (const prepared of batch) {
      if (state) await applyInPlace(state, prepared);
      else state = applyGenesis(prepared);
    }
  }
  return state as TrustState;
}
