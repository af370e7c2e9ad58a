import { generateSecretKey, sealSecret, wrapSecretKey } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import type { KeyHolder } from './invariants.js';
import { findViolations } from './invariants.js';
import { poolKeys } from './key-pool.js';

const SECRET = '7d9e2c1a-4b3f-4e5d-8a6b-1c2d3e4f5a6b';

describe('the invariants', () => {
  it('name an attacker key that opens a share, a non-reader who opens one, and a payload under a known key', async () => {
    const [bob, carol, mallory] = await Promise.all([poolKeys(0), poolKeys(1), poolKeys(2)]);
    const holders: KeyHolder[] = [
      { userId: 'u-bob', label: 'Bob', privateKey: bob.privateKey, attacker: false },
      { userId: 'u-carol', label: 'Carol', privateKey: carol.privateKey, attacker: false },
      { userId: null, label: 'Mallory', privateKey: mallory.privateKey, attacker: true },
    ];
    const key = generateSecretKey();
    const forged = generateSecretKey();
    const share = async (publicKey: string, userId: string) => ({
      user_id: userId,
      encrypted_value: await wrapSecretKey(key, publicKey, { secretId: SECRET, userId }),
    });
    const [forBob, forMalloryAsBob, forCarol] = [
      await share(bob.publicKey, 'u-bob'),
      await share(mallory.publicKey, 'u-bob'),
      await share(carol.publicKey, 'u-carol'),
    ];
    const sent = {
      route: 'POST /api/v1/secrets.json',
      secretId: SECRET,
      readers: new Set(['u-bob']),
      shares: [forBob, forMalloryAsBob, forCarol],
      sealed: {
        revision: 2,
        ...(await sealSecret({ secretId: SECRET, revision: 2, payload: { a: 1 }, secretKey: forged })),
      },
    };
    expect(await findViolations([sent], holders, [{ key: forged, who: 'the attacker' }])).toEqual([
      `POST /api/v1/secrets.json: the attacker's key (Mallory) opens the key of secret ${SECRET} sent for u-bob`,
      `POST /api/v1/secrets.json: Carol is not a reader of secret ${SECRET} but opens the key sent for u-carol`,
      `POST /api/v1/secrets.json: revision 2 of secret ${SECRET} is sealed under a key the attacker knows`,
    ]);
    // Carol a reader, nothing for Mallory's key, no outsider's key: nothing to report.
    const honest = { ...sent, readers: new Set(['u-bob', 'u-carol']), shares: [forBob, forCarol] };
    expect(await findViolations([honest], holders, [])).toEqual([]);
  }, 30_000);
});
