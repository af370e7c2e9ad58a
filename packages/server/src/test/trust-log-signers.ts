import {
  generateUserKeyPair,
  importSigningKey,
  publicKeyFingerprint,
  type SignedTrustEntry,
  signTrustEntry,
  type TrustChange,
  type TrustEntry,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A user who signs trust-log entries with a real suite-1 key pair, as their browser would. */
export interface TrustSigner {
  id: string;
  publicKey: string;
  fingerprint: string;
  signingKey: SigningKey;
}

// The server's TypeScript has no DOM types: core's signing key type, by way of its signer.
type SigningKey = Parameters<typeof signTrustEntry>[0];

/**
 * Gives the user a fresh key pair, stored as their public key (the factories' stand-in key would not
 * import), and answers them as a signer.
 */
export async function makeTrustSigner(db: Kysely<Database>, userId: string): Promise<TrustSigner> {
  const pair = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  const signingKey = await importSigningKey(pkcs8);
  await db.updateTable('users').set({ public_key: pair.publicKey }).where('id', '=', userId).execute();
  return {
    id: userId,
    publicKey: pair.publicKey,
    fingerprint: await publicKeyFingerprint(pair.publicKey),
    signingKey,
  };
}

/** An entry of `org` at `seq` after `prev`, by `signer` (as actor unless overridden), signed. */
export function signedEntry(
  signer: TrustSigner,
  place: { org: string; seq: number; prev: string | null },
  change: TrustChange,
  overrides: Partial<TrustEntry> = {},
): Promise<SignedTrustEntry> {
  const entry = {
    v: 1,
    ...place,
    at: new Date().toISOString(),
    actor: signer.id,
    actor_fp: signer.fingerprint,
    ...change,
    ...overrides,
  } as TrustEntry;
  return signTrustEntry(signer.signingKey, entry);
}
