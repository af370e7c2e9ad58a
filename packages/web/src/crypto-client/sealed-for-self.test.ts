import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deletePrivateKey, savePrivateKey } from '../keys/key-store.js';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { openForSelf, sealForSelf } from './sealed-for-self.js';
import { isSecretAccessError } from './secret-access-error.js';
import type { TestUserKeys } from './testing/test-user-keys.js';
import { makeTestUserKeys } from './testing/test-user-keys.js';

let ada: TestUserKeys;
let mallory: TestUserKeys;

beforeAll(async () => {
  [ada, mallory] = await Promise.all([makeTestUserKeys('u-ada'), makeTestUserKeys('u-mallory')]);
}, 60_000);

afterEach(async () => {
  await deletePrivateKey();
});

const value = { dismissals: [{ secretId: 's-1', kind: 'weak', reason: 'legacy door system' }] };

describe('sealed for the user alone', () => {
  it('opens again with the same private key, and shows the server nothing of what it holds', async () => {
    await savePrivateKey(ada.privateKey);
    mockFetch({
      'GET /api/v1/profile.json': { body: buildProfile({ id: 'u-ada', public_key: ada.publicKey }) },
    });
    const sealed = await sealForSelf('health-dismissals', 'u-ada', value);
    expect(atob(sealed)).not.toContain('legacy');
    expect(atob(sealed)).not.toContain('s-1');
    expect(await openForSelf('health-dismissals', 'u-ada', sealed)).toEqual(value);
  });

  it('refuses to seal for a public key that is not the one unlocked here', async () => {
    await savePrivateKey(ada.privateKey);
    mockFetch({
      'GET /api/v1/profile.json': { body: buildProfile({ id: 'u-ada', public_key: mallory.publicKey }) },
    });
    const error = await sealForSelf('health-dismissals', 'u-ada', value).catch((caught: unknown) => caught);
    expect(isSecretAccessError(error, 'key-changed')).toBe(true);
  });

  it('answers integrity for a blob changed, another user’s, or not one at all', async () => {
    await savePrivateKey(ada.privateKey);
    mockFetch({
      'GET /api/v1/profile.json': { body: buildProfile({ id: 'u-ada', public_key: ada.publicKey }) },
    });
    const sealed = await sealForSelf('health-dismissals', 'u-ada', value);
    const envelope = JSON.parse(atob(sealed)) as { data: string };
    // Another first character, whatever the random ciphertext starts with (it is 'A' once in 64 runs).
    const other = envelope.data.startsWith('A') ? 'B' : 'A';
    const flipped = btoa(JSON.stringify({ ...envelope, data: `${other}${envelope.data.slice(1)}` }));
    for (const [userId, stored] of [
      ['u-ada', flipped],
      ['u-bob', sealed],
      ['u-ada', btoa('{"v":2}')],
      ['u-ada', 'not base64 at all'],
    ] as const) {
      const error = await openForSelf('health-dismissals', userId, stored).catch((caught: unknown) => caught);
      expect(isSecretAccessError(error, 'integrity'), `${userId} ${stored.slice(0, 10)}`).toBe(true);
    }
  });
});
