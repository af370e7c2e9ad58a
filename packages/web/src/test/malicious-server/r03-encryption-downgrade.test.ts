import type { Secret } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import {
  INTEGRITY_ERROR_MESSAGE,
  SECRET_KEY_NOT_FOUND_MESSAGE,
} from '../../crypto-client/secret-access-error.js';
import { createEvilServer } from '../evil-server/evil-server.js';
import { sealWithAdditionalData, unencryptedPayload, wrapWithLabel } from '../evil-server/forgeries.js';

const FORGED = { username: 'root', password: 'attacker-chosen', url: '', note: '' };

// R3, downgrade to a legacy or unauthenticated format. The server serves the payload in clear, or
// sealed and wrapped under another suite's additional data and label.
// Now: resisted. AES-GCM only, and the suite number is in every additional data and label, so
// nothing in another format opens → after: the same.
describe('R3 downgrade to legacy or unauthenticated encryption', () => {
  async function scenario() {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const secret = await evil.secret({ chest: evil.chest('Servers') });
    const me = await evil.signIn(ada);
    return { evil, ada, secret, me };
  }

  it('a payload in clear, or sealed under suite 0, is an integrity error, never data', async () => {
    const { evil, secret, me } = await scenario();
    const downgrades = [
      unencryptedPayload(FORGED),
      await sealWithAdditionalData(FORGED, secret.key, `coffer:secret:0:${secret.id}:${secret.revision}`),
    ];
    for (const payload of downgrades) {
      const undo = evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
        body: { ...honest.body, ...payload },
      }));
      await expect(openSecretRecord(secret.id, me)).rejects.toMatchObject({
        kind: 'integrity',
        message: INTEGRITY_ERROR_MESSAGE,
      });
      undo();
    }
  }, 30_000);

  it('a key wrapped under suite 0, or with no label, opens nothing: it is reported and the reshare text shown', async () => {
    const { evil, ada, secret, me } = await scenario();
    for (const label of [`coffer:key:0:${secret.id}:${ada.id}`, '']) {
      const wrapped = await wrapWithLabel(secret.key, ada.publicKey, label);
      const undo = evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
        body: { ...honest.body, secret_key: { encrypted_value: wrapped } },
      }));
      await expect(openSecretRecord(secret.id, me)).rejects.toMatchObject({
        kind: 'not-found',
        message: SECRET_KEY_NOT_FOUND_MESSAGE,
      });
      undo();
    }
  }, 30_000);
});
