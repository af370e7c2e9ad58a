import { generateUserKeyPair, importSigningKey, importUnwrappingKey } from '@coffer/core';

/** A test user's key pair: the public half as the API serves it, the private half non-extractable. */
export interface TestUserKeys {
  userId: string;
  publicKey: string;
  privateKey: CryptoKey;
  /** The same private key for RSA-PSS signing, as the key store keeps it after unlock. */
  signingKey: CryptoKey;
}

/** Makes a user's real suite-1 key pair, the private key re-imported non-extractable (to unwrap, to sign) as the key store keeps it. */
export async function makeTestUserKeys(userId: string): Promise<TestUserKeys> {
  const pair = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  const [privateKey, signingKey] = await Promise.all([importUnwrappingKey(pkcs8), importSigningKey(pkcs8)]);
  return { userId, publicKey: pair.publicKey, privateKey, signingKey };
}
