import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.js';
import { CryptoError } from './errors.js';
import { importPublicKey, importVerifyingKey, publicKeyFingerprint } from './key-pair.js';
import { RSA_MODULUS_BITS } from './suite-constants.js';

/*
 * A key rotation endorsed by the old key (docs/crypto.md, "Key rotation endorsements"): when a user
 * replaces their key pair (the first personal password), their browser signs the new public key with
 * the old private key, so that a browser that trusted the old key can trust the new one without
 * asking. The one RSA key pair then serves RSA-OAEP and RSA-PSS; Haber and Pinkas (CCS 2001) prove
 * the two secure together under one key.
 */

/** First line of every rotation message: no other signature of the suite can pass for one. */
export const KEY_ROTATION_DOMAIN = 'coffer-key-rotation/v1';
/** RSA-PSS salt length of the endorsement, in bytes (the SHA-256 output length). */
export const KEY_ROTATION_SALT_BYTES = 32;
/** Size of an endorsement: one RSA-3072 signature. */
export const KEY_ROTATION_SIGNATURE_BYTES = RSA_MODULUS_BITS / 8;

const PSS_PARAMS = { name: 'RSA-PSS', saltLength: KEY_ROTATION_SALT_BYTES } as const;

/** Who rotated to which key: the user's id and the new public key (base64 SPKI). */
export interface KeyRotation {
  userId: string;
  publicKey: string;
}

/** A rotation as another browser checks it: the key that signed, and the signature (base64). */
export interface KeyRotationEndorsement extends KeyRotation {
  endorsingPublicKey: string;
  signature: string;
}

/**
 * The signed message: `coffer-key-rotation/v1\n{userId}\n{fingerprint of the new SPKI}` in UTF-8.
 * Refuses a new key that is not a suite-1 RSA key, and a user id with a line break (which could make
 * two rotations print alike).
 */
export async function keyRotationMessage({ userId, publicKey }: KeyRotation): Promise<string> {
  if (typeof userId !== 'string' || userId === '' || /[\r\n]/.test(userId)) {
    throw new CryptoError('malformed');
  }
  await importPublicKey(publicKey);
  return `${KEY_ROTATION_DOMAIN}\n${userId}\n${await publicKeyFingerprint(publicKey)}`;
}

/**
 * Signs the rotation to `publicKey` with the OLD private key, opened for signing by
 * openSigningKey (non-extractable). Answers the base64 signature; PSS is randomised, so two
 * endorsements of the same rotation differ and both verify.
 */
export async function endorseKeyRotation(signingKey: CryptoKey, rotation: KeyRotation): Promise<string> {
  if (signingKey.algorithm.name !== 'RSA-PSS' || !signingKey.usages.includes('sign')) {
    throw new CryptoError('malformed');
  }
  const message = utf8Encode(await keyRotationMessage(rotation));
  const signature = await crypto.subtle.sign(PSS_PARAMS, signingKey, message);
  return bytesToBase64(new Uint8Array(signature));
}

/**
 * Whether `endorsingPublicKey` signed the rotation of `userId` to `publicKey`. False for a
 * signature that does not verify, or that is not one RSA-3072 signature long; keys that are not
 * suite-1 RSA keys, a signature that is not canonical base64 and a bad user id are 'malformed'.
 * Which key may endorse is the caller's question: this only checks the signature.
 */
export async function verifyKeyRotation(endorsement: KeyRotationEndorsement): Promise<boolean> {
  const signature = base64ToBytes(endorsement.signature);
  const verifyingKey = await importVerifyingKey(endorsement.endorsingPublicKey);
  const message = utf8Encode(await keyRotationMessage(endorsement));
  if (signature.length !== KEY_ROTATION_SIGNATURE_BYTES) return false;
  try {
    return await crypto.subtle.verify(PSS_PARAMS, verifyingKey, signature, message);
  } catch {
    return false;
  }
}
