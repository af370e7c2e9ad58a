import { bytesToBase64, publicKeyFingerprint, randomBytes } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { withKeyDatabaseStore } from './key-database.js';
import {
  identityOf,
  listTrust,
  loadTrust,
  trustConfirmedKey,
  trustCreatedKey,
  trustEndorsedKey,
} from './key-trust.js';
import { explicitTrustRule } from './trust-rule.js';

// Fingerprints are SHA-256 of the SPKI bytes: any base64 stands in for a public key here.
const fakeKey = () => bytesToBase64(randomBytes(64));

let nextOwner = 0;
const newOwner = () => {
  nextOwner += 1;
  return `u-owner-bind-${nextOwner}`;
};

describe('trust records bind the person', () => {
  it('keep the name and e-mail confirmed with the fingerprint', async () => {
    const owner = newOwner();
    const key = fakeKey();
    await trustConfirmedKey(owner, 'u-bob', key, { name: 'Bob Builder', email: 'bob@coffer.test' });
    const record = await loadTrust(owner, 'u-bob');
    expect(record).toMatchObject({
      userId: 'u-bob',
      fingerprint: await publicKeyFingerprint(key),
      origin: 'confirmed',
      name: 'Bob Builder',
      email: 'bob@coffer.test',
    });
    expect(record && identityOf(record)).toEqual({ name: 'Bob Builder', email: 'bob@coffer.test' });
  });

  it('keep null for a person the server named nowhere, which is not the same as an old record', async () => {
    const owner = newOwner();
    await trustConfirmedKey(owner, 'u-x', fakeKey(), { name: null, email: null });
    const record = await loadTrust(owner, 'u-x');
    expect(record).toMatchObject({ name: null, email: null });
    expect(record && identityOf(record)).toEqual({ name: null, email: null });
  });

  it('keep the name and e-mail the administrator typed for a key made in this browser', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-new', fakeKey(), owner, { name: 'New Person', email: 'new@coffer.test' });
    expect(await loadTrust(owner, 'u-new')).toMatchObject({
      origin: 'created',
      name: 'New Person',
      email: 'new@coffer.test',
    });
  });

  it('carry the person over to a key the trusted key endorsed', async () => {
    const owner = newOwner();
    await trustConfirmedKey(owner, 'u-bob', fakeKey(), { name: 'Bob', email: 'bob@coffer.test' });
    const next = fakeKey();
    await trustEndorsedKey(owner, 'u-bob', next);
    expect(await loadTrust(owner, 'u-bob')).toMatchObject({
      origin: 'endorsed',
      fingerprint: await publicKeyFingerprint(next),
      name: 'Bob',
      email: 'bob@coffer.test',
    });
  });

  it('read a record from before names were kept as valid, trusting its key, with no identity', async () => {
    const owner = newOwner();
    const key = fakeKey();
    const old = {
      userId: 'u-old',
      fingerprint: await publicKeyFingerprint(key),
      origin: 'confirmed',
      trustedAt: '2026-01-01T00:00:00.000Z',
    };
    await withKeyDatabaseStore('trust', 'readwrite', (store) => store.put(old, `${owner}:u-old`));
    const record = await loadTrust(owner, 'u-old');
    expect(record).toEqual(old);
    expect(record && identityOf(record)).toBeNull();
    expect(await listTrust(owner)).toEqual([old]);
    expect(await explicitTrustRule(owner).isTrusted('u-old', key)).toBe(true);
    // An endorsed successor of an old record stays without a name: none is made up.
    await trustEndorsedKey(owner, 'u-old', fakeKey());
    const endorsed = await loadTrust(owner, 'u-old');
    expect(endorsed && identityOf(endorsed)).toBeNull();
  });

  it('ignore a stored record whose name is not text', async () => {
    const owner = newOwner();
    const bad = {
      userId: 'u-bad',
      fingerprint: await publicKeyFingerprint(fakeKey()),
      origin: 'confirmed',
      trustedAt: '2026-01-01T00:00:00.000Z',
      name: 42,
    };
    await withKeyDatabaseStore('trust', 'readwrite', (store) => store.put(bad, `${owner}:u-bad`));
    expect(await loadTrust(owner, 'u-bad')).toBeUndefined();
  });
});
