import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateUserKeyPair, openSecret, unwrapSecretKey } from '@coffer/core';
import { readPublicKey, sealSecretFast, WRAPPED_KEY_BYTES, wrapSecretKeyFast } from './secret-sealing.mjs';

test('what the fast sealing makes, core opens: same suite, additional data and label', async () => {
  const pair = await generateUserKeyPair();
  const place = { secretId: '0b8a4f2e-8c1d-4e55-9a4b-3f0e6c2d1a77', userId: 'user-1' };
  const payload = { username: 'ops', password: 'Zürich ☎', url: '', note: '' };
  const sealed = sealSecretFast({ secretId: place.secretId, revision: 3, payload });
  const wrapped = wrapSecretKeyFast(sealed.secretKey, readPublicKey(pair.publicKey), place);
  assert.equal(Buffer.from(wrapped, 'base64').length, WRAPPED_KEY_BYTES, 'random keys are this size');
  const secretKey = await unwrapSecretKey(wrapped, pair.privateKey, place);
  assert.deepEqual(Buffer.from(secretKey), sealed.secretKey);
  const opened = await openSecret({ ...sealed, secretId: place.secretId, revision: 3 }, secretKey);
  assert.deepEqual(opened, payload);
  await assert.rejects(openSecret({ ...sealed, secretId: place.secretId, revision: 2 }, secretKey));
});
