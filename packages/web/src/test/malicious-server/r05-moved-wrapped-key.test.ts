import type { Secret } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { SECRET_KEY_NOT_FOUND_MESSAGE } from '../../crypto-client/secret-access-error.js';
import { createEvilServer } from '../evil-server/evil-server.js';

// R5, moving a wrapped key. The server serves the caller a wrapped key made for someone else, or for
// another secret, hoping a key opens where it was not meant to.
// Now: resisted. The RSA-OAEP label binds every wrapped key to its secret and its user, so a moved
// key opens nothing; the app reports it (the server drops it) and shows the reshare text, never data
// → after: the same.
describe('R5 moved wrapped keys', () => {
  it("a colleague's wrapped key, or the caller's key of another secret, opens nothing", async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob', { administrator: true });
    const chest = evil.chest('Servers');
    const mail = await evil.secret({ chest, name: 'Mail' });
    const bank = await evil.secret({ chest, name: 'Bank' });
    const me = await evil.signIn(ada);
    const moved = [
      evil.model.secrets.get(mail.id)?.keys.get(bob.id),
      evil.model.secrets.get(bank.id)?.keys.get(ada.id),
    ];
    for (const encrypted_value of moved) {
      expect(encrypted_value).toBeTypeOf('string');
      const undo = evil.tamper<Secret>('GET /api/v1/secrets/:id.json', (_request, honest) => ({
        body: { ...honest.body, secret_key: { encrypted_value } },
      }));
      await expect(openSecretRecord(mail.id, me)).rejects.toMatchObject({
        kind: 'not-found',
        message: SECRET_KEY_NOT_FOUND_MESSAGE,
      });
      undo();
    }
  }, 30_000);
});
