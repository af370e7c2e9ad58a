import { generateUserKeyPair } from '@coffer/core';

/** A user's real suite-1 key pair, its private half opened both ways the app opens it. */
export interface RotatingKeys {
  publicKey: string;
  /** RSA-OAEP, non-extractable: unwraps what was wrapped for the key. */
  privateKey: CryptoKey;
  /** RSA-PSS, non-extractable: endorses the next key (core's endorseKeyRotation). */
  signingKey: CryptoKey;
}

/** Makes a key pair as core's openPrivateKey and openSigningKey would hand it out. */
export async function makeRotatingKeys(): Promise<RotatingKeys> {
  const pair = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  const [privateKey, signingKey] = await Promise.all([
    crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']),
    crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-PSS', hash: 'SHA-256' }, false, ['sign']),
  ]);
  return { publicKey: pair.publicKey, privateKey, signingKey };
}
