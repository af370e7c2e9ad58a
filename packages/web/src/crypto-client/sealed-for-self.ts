import {
  base64ToBytes,
  bytesToBase64,
  generateSecretKey,
  openSecret,
  sealSecret,
  unwrapSecretKey,
  utf8Decode,
  utf8Encode,
  wrapSecretKey,
} from '@coffer/core';
import { requirePrivateKey } from './private-key.js';
import { provenOwnPublicKey } from './proven-own-key.js';
import { INTEGRITY_ERROR_MESSAGE, SecretAccessError } from './secret-access-error.js';

/**
 * Where a blob sealed for the user belongs, e.g. 'health-dismissals'. Bound into the payload's
 * additional data and the key's label, so a blob of one kind never opens as another; never a UUID,
 * so never a real secret's place.
 */
export type SelfSealedPlace = 'health-dismissals';

// The stored text: base64 of this JSON. Suite 1 throughout: the payload sealed as a secret's is
// (AES-256-GCM), its key wrapped for the user's own public key (RSA-OAEP) as a reader's key is.
interface SelfSealedEnvelope {
  v: 1;
  key: string;
  data: string;
  iv: string;
}

/**
 * Seals a value for the signed-in user alone, to be kept on the server (e.g. dismissed health
 * findings). The profile's public key is proven against the private key unlocked here first: a key
 * the server substituted would let it read what it keeps ('key-changed').
 */
export async function sealForSelf(place: SelfSealedPlace, userId: string, value: object): Promise<string> {
  const publicKey = await provenOwnPublicKey(userId);
  const secretKey = generateSecretKey();
  try {
    const sealed = await sealSecret({ secretId: place, revision: 1, payload: value, secretKey });
    const key = await wrapSecretKey(secretKey, publicKey, { secretId: place, userId });
    const envelope: SelfSealedEnvelope = {
      v: 1,
      key,
      data: sealed.encrypted_data,
      iv: sealed.encryption_iv,
    };
    return bytesToBase64(utf8Encode(JSON.stringify(envelope)));
  } finally {
    secretKey.fill(0);
  }
}

/** Opens what sealForSelf made; anything that does not open as this user's is 'integrity'. */
export async function openForSelf<T extends object>(
  place: SelfSealedPlace,
  userId: string,
  stored: string,
): Promise<T> {
  const privateKey = await requirePrivateKey();
  let envelope: SelfSealedEnvelope;
  try {
    envelope = JSON.parse(utf8Decode(base64ToBytes(stored))) as SelfSealedEnvelope;
  } catch {
    throw new SecretAccessError('integrity', INTEGRITY_ERROR_MESSAGE);
  }
  if (envelope?.v !== 1) throw new SecretAccessError('integrity', INTEGRITY_ERROR_MESSAGE);
  let secretKey: Uint8Array | undefined;
  try {
    secretKey = await unwrapSecretKey(envelope.key, privateKey, { secretId: place, userId });
    const input = { secretId: place, revision: 1, encrypted_data: envelope.data, encryption_iv: envelope.iv };
    return await openSecret<T>(input, secretKey);
  } catch {
    throw new SecretAccessError('integrity', INTEGRITY_ERROR_MESSAGE);
  } finally {
    secretKey?.fill(0);
  }
}
