import { base64ToBytes, bytesToBase64, generateUserKeyPair } from '@coffer/core';
import pool from './key-pool.json';

/** A pool key pair as a test holds it: the public half as the API serves it, the private halves non-extractable. */
export interface PoolKeys {
  publicKey: string;
  /** RSA-OAEP, for unwrapping (what the key store holds after sign-in). */
  privateKey: CryptoKey;
  /** The same key as RSA-PSS, for tests that sign a key rotation with it. */
  signingKey: CryptoKey;
}

/** One stored pair: base64 SPKI and base64 PKCS#8. */
interface StoredPair {
  public_key: string;
  private_key_pkcs8: string;
}

const pairs: readonly StoredPair[] = pool.pairs;
const imported = new Map<number, Promise<PoolKeys>>();

/** How many distinct key pairs one harness can hand out. */
export const POOL_SIZE = pairs.length;

/**
 * The pool's key pair number `index` (0 ≤ index < POOL_SIZE). Making an RSA-3072 pair takes about a
 * second on a busy machine and every class test needs four or five, so the harness reuses fixed
 * test-only pairs: importing one is instant, and each is imported once per test file.
 */
export function poolKeys(index: number): Promise<PoolKeys> {
  const pair = pairs[index];
  if (!pair)
    throw new Error(`The harness's key pool holds ${POOL_SIZE} pairs; key ${index + 1} was asked for.`);
  let keys = imported.get(index);
  if (!keys) {
    keys = importPair(pair);
    imported.set(index, keys);
  }
  return keys;
}

async function importPair(pair: StoredPair): Promise<PoolKeys> {
  const pkcs8 = base64ToBytes(pair.private_key_pkcs8);
  const [privateKey, signingKey] = await Promise.all([
    crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['decrypt']),
    crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSA-PSS', hash: 'SHA-256' }, false, ['sign']),
  ]);
  return { publicKey: pair.public_key, privateKey, signingKey };
}

/**
 * Makes a fresh pool (the contents of key-pool.json). No test calls it: run it once by hand, as
 * core's vectors are made (docs/crypto.md), if the suite's key type ever changes.
 */
export async function makeKeyPool(size: number): Promise<{ note: string; pairs: StoredPair[] }> {
  const made: StoredPair[] = [];
  for (let index = 0; index < size; index += 1) {
    const pair = await generateUserKeyPair();
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    made.push({ public_key: pair.publicKey, private_key_pkcs8: bytesToBase64(pkcs8) });
  }
  return { note: pool.note, pairs: made };
}
