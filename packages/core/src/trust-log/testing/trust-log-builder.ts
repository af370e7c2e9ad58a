import { expect } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../crypto/encoding.js';
import { publicKeyFingerprint } from '../../crypto/key-pair.js';
import { RSA_MODULUS_BITS } from '../../crypto/suite-constants.js';
import type { SignedTrustEntry, TrustChange, TrustEntry } from '../trust-entry.js';
import { signTrustEntry, trustEntryHash } from '../trust-entry-signature.js';
import { TrustLogError, type TrustLogErrorKind } from '../trust-log-error.js';

// Shared by the trust-log tests (not part of the built package: tsconfig excludes testing/).

/** A user who can sign entries: id, public key (base64 SPKI), its fingerprint and an RSA-PSS signing key. */
export interface TestSigner {
  id: string;
  publicKey: string;
  fingerprint: string;
  signingKey: CryptoKey;
}

const PSS = { name: 'RSA-PSS', hash: 'SHA-256' } as const;

/** A signer from a vector file's PKCS#8 private key and SPKI public key. */
export async function signerFromPkcs8(id: string, publicKey: string, pkcs8: string): Promise<TestSigner> {
  const signingKey = await crypto.subtle.importKey('pkcs8', base64ToBytes(pkcs8), PSS, false, ['sign']);
  return { id, publicKey, fingerprint: await publicKeyFingerprint(publicKey), signingKey };
}

/** A signer with a fresh suite-1 key pair (RSA-3072, e = 65537). */
export async function freshSigner(id: string): Promise<TestSigner> {
  const pair = await crypto.subtle.generateKey(
    { ...PSS, modulusLength: RSA_MODULUS_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ['sign', 'verify'],
  );
  const publicKey = bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  return { id, publicKey, fingerprint: await publicKeyFingerprint(publicKey), signingKey: pair.privateKey };
}

/** Test ids: lower-case UUIDs from a small number, so logs stay readable. */
export function testId(kind: 'org' | 'user' | 'team' | 'chest', n: number): string {
  const prefix = { org: 'a', user: 'b', team: 'c', chest: 'd' }[kind];
  return `0193a1b2-7c00-7a00-8000-${prefix}${String(n).padStart(11, '0')}`;
}

/** Builds a well-chained log entry by entry; `overrides` lets a test break one field on purpose. */
export class TrustLogBuilder {
  readonly entries: SignedTrustEntry[] = [];
  private head: string | null = null;

  constructor(readonly org: string) {}

  /** The next entry for `change`, signed by `signer` as `actor` (the signer's id unless overridden). */
  async next(
    signer: TestSigner,
    change: TrustChange,
    overrides: Partial<Omit<TrustEntry, 'op' | 'body'>> = {},
  ): Promise<SignedTrustEntry> {
    const entry = {
      v: 1,
      org: this.org,
      seq: this.entries.length,
      prev: this.head,
      at: new Date(Date.UTC(2026, 11, 7, 9, 0, this.entries.length % 60)).toISOString(),
      actor: signer.id,
      actor_fp: signer.fingerprint,
      ...change,
      ...overrides,
    } as TrustEntry;
    return signTrustEntry(signer.signingKey, entry);
  }

  /** Appends entries already signed (another builder's), chaining on from the last. */
  async adopt(entries: readonly SignedTrustEntry[]): Promise<void> {
    for (const signed of entries) {
      this.entries.push(signed);
      this.head = await trustEntryHash(signed);
    }
  }

  /** Signs the next entry and appends it. */
  async append(signer: TestSigner, change: TrustChange): Promise<SignedTrustEntry> {
    const signed = await this.next(signer, change);
    this.entries.push(signed);
    this.head = await trustEntryHash(signed);
    return signed;
  }

  /**
   * Genesis by `owner` (organisation `name`, the owner's e-mail derived from `domain`), then each of
   * `members` admitted by the owner as a confirmed member, e-mailed `{label}@{domain}`.
   */
  async start(
    owner: TestSigner,
    members: readonly (readonly [signer: TestSigner, label: string])[] = [],
    { name = 'Acme', domain = 'example.com' } = {},
  ): Promise<this> {
    await this.append(owner, {
      op: 'genesis',
      body: { name, email: `owner@${domain}`, public_key: owner.publicKey },
    });
    for (const [signer, label] of members) {
      await this.append(owner, {
        op: 'admit',
        body: {
          user: signer.id,
          email: `${label}@${domain}`,
          public_key: signer.publicKey,
          admin: false,
          how: 'confirmed',
        },
      });
    }
    return this;
  }
}

/** Expects the promise to fail with a TrustLogError of this kind; answers the error. */
export async function expectRefusal(
  promise: Promise<unknown>,
  kind: TrustLogErrorKind,
): Promise<TrustLogError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TrustLogError);
  expect((error as TrustLogError).kind).toBe(kind);
  return error as TrustLogError;
}
