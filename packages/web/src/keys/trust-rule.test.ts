import { bytesToBase64, publicKeyFingerprint, randomBytes } from '@coffer/core';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/clear-session.js';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { loadPin, savePin } from './key-pins.js';
import { keyTrusted, listTrust, loadTrust, trustConfirmedKey, trustCreatedKey } from './key-trust.js';
import { anyTrustRule, assessKey, explicitTrustRule, trustRuleFor } from './trust-rule.js';
import type { TrustRule } from './trust-rule-contract.js';

const NAMED = { name: 'Bob', email: 'bob@coffer.test' };

// Fingerprints are SHA-256 of the SPKI bytes: any base64 stands in for a public key here.
const fakeKey = () => bytesToBase64(randomBytes(64));

let nextOwner = 0;
const newOwner = () => {
  nextOwner += 1;
  return `u-admin-${nextOwner}`;
};

describe('the trust store', () => {
  it('records a key made in this browser as created, and one confirmed by the administrator as confirmed', async () => {
    const owner = newOwner();
    const made = fakeKey();
    const seen = fakeKey();
    const trusted = vi.fn();
    const off = keyTrusted.subscribe(trusted);
    await trustCreatedKey('u-new', made, owner);
    await trustConfirmedKey(owner, 'u-seen', seen, NAMED);
    off();

    expect(await loadTrust(owner, 'u-new')).toMatchObject({
      userId: 'u-new',
      fingerprint: await publicKeyFingerprint(made),
      origin: 'created',
    });
    expect(await loadTrust(owner, 'u-seen')).toMatchObject({ origin: 'confirmed' });
    expect((await listTrust(owner)).map((record) => record.userId).sort()).toEqual(['u-new', 'u-seen']);
    expect(trusted).toHaveBeenCalledWith({ ownerId: owner, userId: 'u-new' });
    // The pin follows the trusted key.
    expect(await loadPin(owner, 'u-seen')).toBe(await publicKeyFingerprint(seen));
  });

  it('keeps each signed-in user’s trust apart, and outlives the end of the session', async () => {
    const owner = newOwner();
    const other = newOwner();
    const key = fakeKey();
    await trustCreatedKey('u-new', key, owner);
    clearSession();
    expect(await explicitTrustRule(owner).isTrusted('u-new', key)).toBe(true);
    expect(await explicitTrustRule(other).isTrusted('u-new', key)).toBe(false);
    expect(await listTrust(other)).toEqual([]);
  });

  it('reads the signed-in user from the profile when the add-user flow leaves the owner out', async () => {
    const owner = newOwner();
    const calls = mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile({ id: owner }) } });
    const key = fakeKey();
    await trustCreatedKey('u-new', key);
    expect(calls.map((call) => call.path)).toEqual(['/api/v1/profile.json']);
    expect(await explicitTrustRule(owner).isTrusted('u-new', key)).toBe(true);
  });

  it('refuses to trust something that is not base64', async () => {
    await expect(trustConfirmedKey(newOwner(), 'u-x', 'not base64!', NAMED)).rejects.toThrow();
  });
});

describe('the trust rule', () => {
  it('trusts exactly the key trusted by an act, never another key of the same person', async () => {
    const owner = newOwner();
    const key = fakeKey();
    await trustConfirmedKey(owner, 'u-bob', key, NAMED);
    const rule = trustRuleFor(owner);
    expect(await rule.isTrusted('u-bob', key)).toBe(true);
    expect(await rule.isTrusted('u-bob', fakeKey())).toBe(false);
    expect(await rule.isTrusted('u-carol', key)).toBe(false);
  });

  it('never trusts a key only because it was seen (pinned) before', async () => {
    const owner = newOwner();
    const key = fakeKey();
    await savePin(owner, 'u-bob', await publicKeyFingerprint(key));
    expect(await trustRuleFor(owner).isTrusted('u-bob', key)).toBe(false);
  });

  it('takes more rules: a later signed-membership rule plugs in beside explicit trust', async () => {
    const owner = newOwner();
    const signedKey = fakeKey();
    const signedMembership: TrustRule = { isTrusted: async (_userId, publicKey) => publicKey === signedKey };
    const rule = anyTrustRule([explicitTrustRule(owner), signedMembership]);
    expect(await rule.isTrusted('u-dan', signedKey)).toBe(true);
    expect(await rule.isTrusted('u-dan', fakeKey())).toBe(false);
  });
});

describe('assessing a colleague’s key', () => {
  it('calls a key first seen in a server answer unconfirmed, and pins it as seen', async () => {
    const owner = newOwner();
    const key = fakeKey();
    const fingerprint = await publicKeyFingerprint(key);
    expect(await assessKey(owner, 'u-planted', key, trustRuleFor(owner))).toEqual({
      trusted: false,
      fingerprint,
      reason: 'unconfirmed',
    });
    expect(await loadPin(owner, 'u-planted')).toBe(fingerprint);
    // Seen twice is still not confirmed.
    expect(await assessKey(owner, 'u-planted', key, trustRuleFor(owner))).toMatchObject({
      trusted: false,
      reason: 'unconfirmed',
    });
  });

  it('calls a key changed when it differs from the trusted one or from the pin', async () => {
    const owner = newOwner();
    const before = fakeKey();
    const after = fakeKey();
    await trustCreatedKey('u-bob', before, owner);
    expect(await assessKey(owner, 'u-bob', after, trustRuleFor(owner))).toEqual({
      trusted: false,
      fingerprint: await publicKeyFingerprint(after),
      reason: 'changed',
      previousFingerprint: await publicKeyFingerprint(before),
    });
    // The trusted key stays the reference until someone confirms the new one.
    expect(await assessKey(owner, 'u-bob', after, trustRuleFor(owner))).toMatchObject({ reason: 'changed' });

    await savePin(owner, 'u-carol', await publicKeyFingerprint(before));
    expect(await assessKey(owner, 'u-carol', after, trustRuleFor(owner))).toMatchObject({
      reason: 'changed',
    });
  });

  it('answers trusted for a trusted key and null for one that cannot be read', async () => {
    const owner = newOwner();
    const key = fakeKey();
    await trustConfirmedKey(owner, 'u-bob', key, NAMED);
    expect(await assessKey(owner, 'u-bob', key, trustRuleFor(owner))).toEqual({
      trusted: true,
      fingerprint: await publicKeyFingerprint(key),
    });
    expect(await assessKey(owner, 'u-bob', '%%%', trustRuleFor(owner))).toBeNull();
  });
});
