import type { Secret } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { flipBit } from '../../../../core/src/crypto/testing/tamper.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import {
  INTEGRITY_ERROR_MESSAGE,
  SECRET_KEY_NOT_FOUND_MESSAGE,
} from '../../crypto-client/secret-access-error.js';
import { createEvilServer } from '../evil-server/evil-server.js';

// R6, malleability. The server flips bits of what it stores: the sealed payload, its iv, the wrapped key.
// Now: resisted. AES-GCM and RSA-OAEP are authenticated, so nothing flipped opens (core's integrity.test.ts
// covers the primitives; this is the app) → after: the same.
describe('R6 malleability: a flipped bit is refused, never shown as data', () => {
  it('a flipped bit anywhere in the payload or its iv is an integrity error', async () => {
    const evil = createEvilServer();
    const me = await evil.signIn(await evil.user('Ada', { administrator: true }));
    const secret = await evil.secret({ chest: evil.chest('Servers') });
    for (const field of ['encrypted_data', 'encryption_iv'] as const)
      for (const bit of [0, -1]) {
        const undo = evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
          body: { ...honest.body, [field]: flipBit(String(honest.body?.[field]), bit) },
        }));
        await expect(openSecretRecord(secret.id, me)).rejects.toMatchObject({
          kind: 'integrity',
          message: INTEGRITY_ERROR_MESSAGE,
        });
        undo();
      }
    expect((await openSecretRecord(secret.id, me)).payload).toMatchObject({ username: 'ada' });
  }, 30_000);

  it('a flipped bit in the wrapped key opens nothing: the key is reported and the reshare text shown', async () => {
    const evil = createEvilServer();
    const me = await evil.signIn(await evil.user('Ada', { administrator: true }));
    const secret = await evil.secret({ chest: evil.chest('Servers') });
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
      body: {
        ...honest.body,
        secret_key: { encrypted_value: flipBit(String(honest.body?.secret_key?.encrypted_value), 7) },
      },
    }));
    await expect(openSecretRecord(secret.id, me)).rejects.toMatchObject({
      kind: 'not-found',
      message: SECRET_KEY_NOT_FOUND_MESSAGE,
    });
    expect(evil.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      `POST /api/v1/secret_keys/${secret.id}/broken.json`,
    );
  }, 30_000);
});
