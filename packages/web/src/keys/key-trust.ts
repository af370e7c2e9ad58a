import type { Profile } from '@coffer/core';
import { publicKeyFingerprint } from '@coffer/core';
import { PROFILE_PATH } from '../api/accounts-profile-api.js';
import { requestOrThrow } from '../api/api-client.js';
import { createEvent } from '../lib/create-event.js';
import { withKeyDatabaseStore } from './key-database.js';
import { savePin } from './key-pins.js';

/*
 * Keys this browser trusts by an explicit act (docs/web.md, "Keys the browser trusts"): for each
 * signed-in user (the owner), the public keys of colleagues it may wrap secret keys for, kept in
 * IndexedDB ('coffer-keys', store 'trust') under `${ownerId}:${userId}`.
 *
 * A record is written only by an act of the owner in this browser: the add-user flow made the
 * key pair here ('created'), or the owner confirmed the person by name, e-mail and fingerprint
 * ('confirmed'); or the key trusted here signed its successor, and this browser checked the
 * signature ('endorsed', rotation-trust-rule.ts). Nothing a server merely answers ever writes one.
 * Like pins, records are not key material and outlive logout; a record trusts one key, so a changed
 * key without a valid endorsement is not trusted until confirmed again.
 */

/** How a key came to be trusted. */
export type TrustOrigin = 'created' | 'confirmed' | 'endorsed';

const ORIGINS: readonly TrustOrigin[] = ['created', 'confirmed', 'endorsed'];

/** The name and e-mail shown when a person was confirmed or created (null: the server named nobody). */
export interface ConfirmedIdentity {
  name: string | null;
  email: string | null;
}

/**
 * One trusted key: whose it is, its fingerprint, how and when it was trusted, and the person it was
 * trusted as. Records written before names were kept have neither `name` nor `email` (undefined, not
 * null); they stay valid for the key and are shown as confirmed before names were kept. Nobody fills them
 * in later from what a server says: only an act records a name.
 */
export interface TrustRecord extends Partial<ConfirmedIdentity> {
  userId: string;
  /** core's publicKeyFingerprint of the trusted public key. */
  fingerprint: string;
  origin: TrustOrigin;
  /** ISO-8601 time of the act. */
  trustedAt: string;
}

/** The person a record was trusted as, or null for a record from before names were kept. */
export function identityOf(record: TrustRecord): ConfirmedIdentity | null {
  if (record.name === undefined && record.email === undefined) return null;
  return { name: record.name ?? null, email: record.email ?? null };
}

/** Fired after a key was trusted, with the owner's id: a waiting reshare can run now. */
export const keyTrusted = createEvent<{ ownerId: string; userId: string }>();

// Mirrors what was trusted, so a browser whose IndexedDB fails still trusts for the page's life.
const remembered = new Map<string, TrustRecord>();

function trustId(ownerId: string, userId: string): string {
  return `${ownerId}:${userId}`;
}

// Absent (an older record), null (nobody was named) or the text shown.
const isOptionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

function isTrustRecord(value: unknown): value is TrustRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<TrustRecord>;
  return (
    typeof record.userId === 'string' &&
    typeof record.fingerprint === 'string' &&
    ORIGINS.includes(record.origin as TrustOrigin) &&
    typeof record.trustedAt === 'string' &&
    isOptionalText(record.name) &&
    isOptionalText(record.email)
  );
}

/** The trust record `ownerId` holds for `userId`, if any. */
export async function loadTrust(ownerId: string, userId: string): Promise<TrustRecord | undefined> {
  const id = trustId(ownerId, userId);
  try {
    const stored = await withKeyDatabaseStore<unknown>('trust', 'readonly', (store) => store.get(id));
    if (isTrustRecord(stored)) return stored;
  } catch {
    // Fall back to what this page trusted.
  }
  return remembered.get(id);
}

/** Every trust record `ownerId` holds (the people this browser may wrap for on its own). */
export async function listTrust(ownerId: string): Promise<TrustRecord[]> {
  const prefix = `${ownerId}:`;
  const found = new Map<string, TrustRecord>();
  for (const [id, record] of remembered) if (id.startsWith(prefix)) found.set(record.userId, record);
  try {
    const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
    const stored = await withKeyDatabaseStore<unknown[]>('trust', 'readonly', (store) => store.getAll(range));
    for (const record of stored) if (isTrustRecord(record)) found.set(record.userId, record);
  } catch {
    // What this page trusted is all there is.
  }
  return [...found.values()];
}

async function saveTrust(ownerId: string, record: TrustRecord): Promise<void> {
  const id = trustId(ownerId, record.userId);
  remembered.set(id, record);
  try {
    await withKeyDatabaseStore('trust', 'readwrite', (store) => store.put(record, id));
  } catch {
    // Kept in memory only; after a reload the person is asked for again.
  }
}

async function trustKey(
  ownerId: string,
  userId: string,
  publicKey: string,
  origin: TrustOrigin,
  identity: ConfirmedIdentity | null,
) {
  // Throws for a key that is not base64 SPKI: nothing unreadable is ever trusted.
  const fingerprint = await publicKeyFingerprint(publicKey);
  const record: TrustRecord = { userId, fingerprint, origin, trustedAt: new Date().toISOString() };
  if (identity) Object.assign(record, { name: identity.name, email: identity.email });
  await saveTrust(ownerId, record);
  // The pin follows the trusted key, so the record of seen keys never calls it 'changed'.
  await savePin(ownerId, userId, fingerprint);
  keyTrusted.emit({ ownerId, userId });
}

/**
 * The add-user flow made this key pair in this browser: trust its public key for the signed-in
 * administrator (`ownerId`, the profile's id; read from the server when left out), so that the
 * background reshare delivers the new user's keys without asking. Call it once the server has
 * answered the new user's id, with the public key the browser generated (never one the server sent).
 */
export async function trustCreatedKey(
  userId: string,
  publicKey: string,
  ownerId?: string,
  identity: ConfirmedIdentity | null = null,
): Promise<void> {
  const owner = ownerId ?? (await requestOrThrow<Profile>(PROFILE_PATH)).id;
  await trustKey(owner, userId, publicKey, 'created', identity);
}

/**
 * The signed-in user (`ownerId`) confirmed this person by name, e-mail and key fingerprint: trust
 * exactly this public key (the one the fingerprint shown was computed from), as the person shown.
 */
export function trustConfirmedKey(
  ownerId: string,
  userId: string,
  publicKey: string,
  identity: ConfirmedIdentity,
): Promise<void> {
  return trustKey(ownerId, userId, publicKey, 'confirmed', identity);
}

/**
 * The key `ownerId` trusted for this person signed the rotation to `publicKey`, and this browser
 * verified the signature (rotation-trust-rule.ts): the new key replaces the old one as trusted, for the
 * same person (the identity the old key was trusted as carries over; a rotation is no new confirmation).
 */
export async function trustEndorsedKey(ownerId: string, userId: string, publicKey: string): Promise<void> {
  const previous = await loadTrust(ownerId, userId);
  await trustKey(ownerId, userId, publicKey, 'endorsed', previous ? identityOf(previous) : null);
}
