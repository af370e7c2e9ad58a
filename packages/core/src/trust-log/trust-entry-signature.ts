import { base64ToBytes, bytesToBase64, utf8Encode } from '../crypto/encoding.js';
import { CryptoError } from '../crypto/errors.js';
import { KEY_ROTATION_SALT_BYTES, KEY_ROTATION_SIGNATURE_BYTES } from '../crypto/key-rotation.js';
import { canonicalJson } from './canonical-json.js';
import type { SignedTrustEntry, TrustEntry } from './trust-entry.js';

/*
 * Signing and hashing a trust-log entry (docs/crypto.md, "Organisation trust log"). The signature is
 * RSA-PSS-SHA256 with the actor's existing key pair, as key rotations are signed, under its own first
 * line, so no other signature of the suite can pass for an entry, nor an entry for one of them.
 */

/** First line of every signed entry. */
export const TRUST_LOG_DOMAIN = 'coffer-trust-log/v1';

const PSS_PARAMS = { name: 'RSA-PSS', saltLength: KEY_ROTATION_SALT_BYTES } as const;

/** The signed bytes: `coffer-trust-log/v1\n` then the entry's canonical JSON, in UTF-8. */
export function trustEntryMessage(entry: TrustEntry): Uint8Array<ArrayBuffer> {
  return messageOfText(canonicalJson(entry));
}

// The fold encodes each entry once and derives both the signed bytes and the hashed bytes from it.
export function messageOfText(entryText: string): Uint8Array<ArrayBuffer> {
  return utf8Encode(`${TRUST_LOG_DOMAIN}\n${entryText}`);
}

/** The canonical JSON of `{entry, sig}` from the entry's canonical JSON ("entry" sorts before "sig"). */
export function signedEntryText(entryText: string, sig: string): string {
  return `{"entry":${entryText},"sig":${canonicalJson(sig)}}`;
}

/** Signs an entry with a key opened by openSigningKey; PSS is randomised, so each signature differs. */
export async function signTrustEntry(signingKey: CryptoKey, entry: TrustEntry): Promise<SignedTrustEntry> {
  if (signingKey.algorithm.name !== 'RSA-PSS' || !signingKey.usages.includes('sign')) {
    throw new CryptoError('malformed');
  }
  const signature = await crypto.subtle.sign(PSS_PARAMS, signingKey, trustEntryMessage(entry));
  return { entry, sig: bytesToBase64(new Uint8Array(signature)) };
}

/**
 * Whether the verifying key (importVerifyingKey) signed this entry. False for a signature that does
 * not verify, is not canonical base64 or is not one RSA-3072 signature long.
 */
export function verifyTrustEntrySignature(
  verifyingKey: CryptoKey,
  { entry, sig }: SignedTrustEntry,
): Promise<boolean> {
  return verifySignatureOver(verifyingKey, sig, trustEntryMessage(entry));
}

/** verifyTrustEntrySignature over signed bytes already made (messageOfText). */
export async function verifySignatureOver(
  verifyingKey: CryptoKey,
  sig: string,
  message: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64ToBytes(sig);
  } catch {
    return false;
  }
  if (signature.length !== KEY_ROTATION_SIGNATURE_BYTES) return false;
  try {
    return await crypto.subtle.verify(PSS_PARAMS, verifyingKey, signature, message);
  } catch {
    return false;
  }
}

/**
 * The entry's hash, which the next entry names as prev: base64 SHA-256 of the canonical JSON of
 * `{entry, sig}`, so that the chain commits to the signatures too.
 */
export function trustEntryHash(signed: SignedTrustEntry): Promise<string> {
  return hashOfSignedText(signedEntryText(canonicalJson(signed.entry), signed.sig));
}

/** trustEntryHash from signedEntryText. */
export async function hashOfSignedText(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8Encode(text));
  return bytesToBase64(new Uint8Array(digest));
}
