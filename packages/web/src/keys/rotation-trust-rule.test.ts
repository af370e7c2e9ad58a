import type { KeyEndorsementResponse } from '@coffer/core';
import { base64ToBytes, bytesToBase64, endorseKeyRotation, publicKeyFingerprint } from '@coffer/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { mockFetch } from '../test/mock-fetch.js';
import { loadPin, savePin } from './key-pins.js';
import { keyTrusted, loadTrust, trustConfirmedKey, trustCreatedKey } from './key-trust.js';
import { type EndorsementSource, rotationTrustRule } from './rotation-trust-rule.js';
import type { RotatingKeys } from './testing/rotating-keys.js';
import { makeRotatingKeys } from './testing/rotating-keys.js';
import { anyTrustRule, assessKey, explicitTrustRule, trustRuleFor } from './trust-rule.js';

const NAMED = { name: 'Bob', email: 'bob@coffer.test' };

// Bob's first key (made by the administrator's browser), the key his own browser made at his first
// personal password, and a third key (a reset, or a server's own).
let first: RotatingKeys;
let second: RotatingKeys;
let third: RotatingKeys;

beforeAll(async () => {
  [first, second, third] = await Promise.all([makeRotatingKeys(), makeRotatingKeys(), makeRotatingKeys()]);
}, 60_000);

let nextOwner = 0;
const newOwner = () => {
  nextOwner += 1;
  return `u-admin-rotation-${nextOwner}`;
};

/** What the server answers for bob after `from` endorsed the rotation to `to`. */
async function endorsement(
  from: RotatingKeys,
  to: RotatingKeys,
  signedFor = 'u-bob',
): Promise<KeyEndorsementResponse> {
  return {
    user_id: 'u-bob',
    public_key: to.publicKey,
    endorsing_public_key: from.publicKey,
    key_endorsement: await endorseKeyRotation(from.signingKey, {
      userId: signedFor,
      publicKey: to.publicKey,
    }),
  };
}

function serving(answer: KeyEndorsementResponse | Error) {
  return vi.fn<EndorsementSource>(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

function flipLastBit(value: string): string {
  const bytes = base64ToBytes(value);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01;
  return bytesToBase64(bytes);
}

describe('a rotation endorsed by the trusted key', () => {
  it('trusts the new key silently and records it as endorsed', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    const source = serving(await endorsement(first, second));
    const trusted = vi.fn();
    const off = keyTrusted.subscribe(trusted);
    expect(await rotationTrustRule(owner, source).isTrusted('u-bob', second.publicKey)).toBe(true);
    off();

    expect(source).toHaveBeenCalledWith('u-bob');
    const fingerprint = await publicKeyFingerprint(second.publicKey);
    expect(await loadTrust(owner, 'u-bob')).toMatchObject({
      userId: 'u-bob',
      fingerprint,
      origin: 'endorsed',
    });
    expect(await loadPin(owner, 'u-bob')).toBe(fingerprint);
    expect(trusted).toHaveBeenCalledWith({ ownerId: owner, userId: 'u-bob' });
    // From now on the key is trusted by the record alone, and the old one no longer is.
    expect(await explicitTrustRule(owner).isTrusted('u-bob', second.publicKey)).toBe(true);
    expect(await explicitTrustRule(owner).isTrusted('u-bob', first.publicKey)).toBe(false);
  }, 30_000);

  it('asks the server nothing while the trusted key is the listed one, as part of the app’s rule', async () => {
    const owner = newOwner();
    await trustConfirmedKey(owner, 'u-bob', first.publicKey, NAMED);
    const source = serving(await endorsement(first, second));
    const rule = anyTrustRule([explicitTrustRule(owner), rotationTrustRule(owner, source)]);
    expect(await rule.isTrusted('u-bob', first.publicKey)).toBe(true);
    expect(source).not.toHaveBeenCalled();
  }, 30_000);

  it('follows one rotation at a time: a key endorsed by a key that was itself endorsed', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    expect(
      await rotationTrustRule(owner, serving(await endorsement(first, second))).isTrusted(
        'u-bob',
        second.publicKey,
      ),
    ).toBe(true);
    expect(
      await rotationTrustRule(owner, serving(await endorsement(second, third))).isTrusted(
        'u-bob',
        third.publicKey,
      ),
    ).toBe(true);
    expect(await loadTrust(owner, 'u-bob')).toMatchObject({
      fingerprint: await publicKeyFingerprint(third.publicKey),
      origin: 'endorsed',
    });
  }, 30_000);

  it('is read from the server through the app’s rule, and a save asks nobody', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    const calls = mockFetch({
      'GET /api/v1/users/u-bob/key_endorsement.json': { body: await endorsement(first, second) },
    });
    expect(await assessKey(owner, 'u-bob', second.publicKey, trustRuleFor(owner))).toEqual({
      trusted: true,
      fingerprint: await publicKeyFingerprint(second.publicKey),
    });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/v1/users/u-bob/key_endorsement.json',
    ]);
  }, 30_000);
});

describe('anything less is confirmed by hand, as before', () => {
  /** Runs the rule for bob's listed key and checks that the trusted key stayed `trustedBefore`. */
  async function expectRefused(
    owner: string,
    listed: RotatingKeys,
    source: EndorsementSource,
    trustedBefore: RotatingKeys | null,
  ) {
    expect(await rotationTrustRule(owner, source).isTrusted('u-bob', listed.publicKey)).toBe(false);
    const record = await loadTrust(owner, 'u-bob');
    if (trustedBefore === null) expect(record).toBeUndefined();
    else expect(record?.fingerprint).toBe(await publicKeyFingerprint(trustedBefore.publicKey));
    // The app's rule calls the listed key changed (or unconfirmed): someone is asked.
    const assessment = await assessKey(owner, 'u-bob', listed.publicKey, explicitTrustRule(owner));
    expect(assessment).toMatchObject({ trusted: false });
  }

  it('never trusts a key for someone this browser trusted nothing of (a planted account), asking no server', async () => {
    const owner = newOwner();
    const source = serving(await endorsement(first, second));
    await expectRefused(owner, second, source, null);
    expect(source).not.toHaveBeenCalled();
  }, 30_000);

  it('refuses an endorsing key that was merely seen (pinned), never trusted', async () => {
    const owner = newOwner();
    await savePin(owner, 'u-bob', await publicKeyFingerprint(first.publicKey));
    await expectRefused(owner, second, serving(await endorsement(first, second)), null);
  }, 30_000);

  it('refuses an endorsement by a key other than the trusted one', async () => {
    const owner = newOwner();
    await trustConfirmedKey(owner, 'u-bob', third.publicKey, NAMED);
    await expectRefused(owner, second, serving(await endorsement(first, second)), third);
  }, 30_000);

  it('refuses a chain this browser did not follow (the trusted key did not sign the listed one)', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    await expectRefused(owner, third, serving(await endorsement(second, third)), first);
  }, 30_000);

  it('refuses an endorsement signed for another user', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    await expectRefused(owner, second, serving(await endorsement(first, second, 'u-carol')), first);
    const carols = { ...(await endorsement(first, second, 'u-carol')), user_id: 'u-carol' };
    await expectRefused(owner, second, serving(carols), first);
  }, 30_000);

  it('refuses an endorsement of another key than the one listed for wrapping', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    // A valid endorsement of `second`, while the server lists `third` to wrap for.
    await expectRefused(owner, third, serving(await endorsement(first, second)), first);
  }, 30_000);

  it('refuses a signature that does not verify', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    const valid = await endorsement(first, second);
    const flipped = { ...valid, key_endorsement: flipLastBit(valid.key_endorsement ?? '') };
    await expectRefused(owner, second, serving(flipped), first);
    await expectRefused(owner, second, serving({ ...valid, key_endorsement: 'not base64!' }), first);
  }, 30_000);

  it('refuses a missing endorsement, and a server that does not answer', async () => {
    const owner = newOwner();
    await trustCreatedKey('u-bob', first.publicKey, owner);
    const none = {
      user_id: 'u-bob',
      public_key: second.publicKey,
      endorsing_public_key: null,
      key_endorsement: null,
    };
    await expectRefused(owner, second, serving(none), first);
    const half = { ...(await endorsement(first, second)), endorsing_public_key: null };
    await expectRefused(owner, second, serving(half), first);
    await expectRefused(owner, second, serving(new ApiError(404, 'Not found')), first);
  }, 30_000);
});
