import { base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from '../crypto/encoding.js';
import { CryptoError } from '../crypto/errors.js';
import { importVerifyingKey } from '../crypto/key-pair.js';
import { KEY_ROTATION_SALT_BYTES } from '../crypto/key-rotation.js';
import { canonicalJson } from './canonical-json.js';
import { verifySignatureOver } from './trust-entry-signature.js';
import { TrustLogError } from './trust-log-error.js';

/*
 * A browser's checkpoint of the trust log it verified (docs/crypto.md, "Trust log checkpoints"): the
 * organisation, the user, the last seq and that entry's hash. Kept in the browser and, signed by the
 * user's own key, on the server, so that a new browser of the same user refuses a log older than, or
 * forked from, one the user already verified. Signed rather than sealed: nothing in it is secret (the
 * server holds the log), but the server must not be able to make one, and it knows the public key
 * anything sealed for the user is made with.
 */

/** First line of every signed checkpoint; no other signature of the suite can pass for one. */
export const TRUST_CHECKPOINT_DOMAIN = 'coffer-trust-checkpoint/v1';

/**
 * Where the log stood when this user last verified it, and the genesis they confirmed (the hash of
 * entry 0, compared as words with the owner's: null until they do; the owner's own from the start).
 */
export interface TrustCheckpoint {
  org: string;
  user: string;
  seq: number;
  head: string;
  genesis: string | null;
}

const PSS_PARAMS = { name: 'RSA-PSS', saltLength: KEY_ROTATION_SALT_BYTES } as const;

function fieldsOf({ org, user, seq, head, genesis }: TrustCheckpoint): TrustCheckpoint {
  return { org, user, seq, head, genesis };
}

function messageOf(checkpoint: TrustCheckpoint): Uint8Array<ArrayBuffer> {
  return utf8Encode(`${TRUST_CHECKPOINT_DOMAIN}\n${canonicalJson(fieldsOf(checkpoint))}`);
}

/** The stored text: base64 of `{checkpoint, sig}` as JSON, signed with a key opened by openSigningKey. */
export async function signTrustCheckpoint(
  signingKey: CryptoKey,
  checkpoint: TrustCheckpoint,
): Promise<string> {
  if (signingKey.algorithm.name !== 'RSA-PSS' || !signingKey.usages.includes('sign')) {
    throw new CryptoError('malformed');
  }
  const signature = await crypto.subtle.sign(PSS_PARAMS, signingKey, messageOf(checkpoint));
  const sig = bytesToBase64(new Uint8Array(signature));
  return bytesToBase64(utf8Encode(JSON.stringify({ checkpoint: fieldsOf(checkpoint), sig })));
}

const REFUSED = 'The stored trust log checkpoint is not one this user signed.';

function isCheckpoint(value: unknown): value is TrustCheckpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { org, user, seq, head, genesis } = value as Record<string, unknown>;
  return (
    typeof org === 'string' &&
    typeof user === 'string' &&
    typeof head === 'string' &&
    (genesis === null || typeof genesis === 'string') &&
    typeof seq === 'number' &&
    Number.isSafeInteger(seq) &&
    seq >= 0
  );
}

/**
 * Opens a stored checkpoint: it must be signed by `publicKey` (the user's own, proven) and name the
 * expected organisation and user. Anything else is a TrustLogError ('signature'): the server cannot
 * make a checkpoint, so one that does not verify was tampered with.
 */
export async function openTrustCheckpoint(
  stored: string,
  publicKey: string,
  expected: { org: string; user: string },
): Promise<TrustCheckpoint> {
  let parsed: { checkpoint?: unknown; sig?: unknown };
  try {
    parsed = JSON.parse(utf8Decode(base64ToBytes(stored))) as typeof parsed;
  } catch {
    throw new TrustLogError('signature', REFUSED);
  }
  const { checkpoint, sig } = parsed ?? {};
  if (!isCheckpoint(checkpoint) || typeof sig !== 'string') throw new TrustLogError('signature', REFUSED);
  if (checkpoint.org !== expected.org || checkpoint.user !== expected.user)
    throw new TrustLogError('signature', REFUSED);
  const verifyingKey = await importVerifyingKey(publicKey).catch(() => {
    throw new TrustLogError('signature', REFUSED);
  });
  if (!(await verifySignatureOver(verifyingKey, sig, messageOf(checkpoint))))
    throw new TrustLogError('signature', REFUSED);
  return fieldsOf(checkpoint);
}
