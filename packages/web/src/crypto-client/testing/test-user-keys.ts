import { generateUserKeyPair } from '@coffer/core';

/** A test user's key pair: the public half as the API serves it, the private half non-extractable. */
export interface TestUserKeys {
  userId: string;
  publicKey: string;
  privateKey: CryptoKey;
}

/** Makes a user's real suite-1 key pair, with the private key re-imported non-extractable as the key store needs. */
export async function makeTestUserKeys(userId: string): Promise<TestUserKeys> {
  const pair = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  const privateKey = await crypto.subtle.importKey(
    'pkcs8',
    pkcs8,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['decrypt'],
  );
  return { userId, publicKey: pair.publicKey, privateKey };
}
