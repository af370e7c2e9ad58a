import type { Secret } from '@coffer/core';
import { sealSecret, wrapSecretKey } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { moveEncryptedSecret } from '../../crypto-client/move-secret.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import { isSecretAccessError } from '../../crypto-client/secret-access-error.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';

// R12, unauthenticated public-key ciphertexts. The server makes a secret key K′ of its own, wraps it
// for Ada under the public label and seals a payload under it (review, PoC 3).
// Now (before issue 25): it opens as genuine, and Ada's next edit was sealed under K′, so the server
// read it → after (issue 25, A2): every save and move seals under a key the browser makes, so K′
// carries nothing Ada writes. Since part II (signed headers, review §5 C), a secret with a signed header
// served under K′ is not opened: its ciphertext is not the one the author's header names. (A suite-1
// secret still opens under K′ until an administrator signs the older secrets.)
describe('R12 forged secret key', () => {
  async function forgedSetUp({ signed = false } = {}) {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const ops = evil.chest('Servers', { teams: [evil.team('Ops', [ada])] });
    const archive = evil.chest('Archive', { teams: [evil.team('Keepers', [ada])] });
    const me = await evil.signIn(ada);
    if (signed) await evil.signedLog(ada);
    const secret = await evil.secret({ chest: ops, author: ada });
    const forged = evil.forgeKey();
    const payload = { username: 'root', password: 'attacker-chosen', url: '', note: 'rotate to this' };
    evil.tamper<Secret>('GET /api/v1/secrets/:id.json', async (_request, honest) => {
      const revision = honest.body?.revision ?? 1;
      return {
        body: {
          ...(honest.body as Secret),
          ...(await sealSecret({ secretId: secret.id, revision, payload, secretKey: forged })),
          secret_key: {
            encrypted_value: await wrapSecretKey(forged, ada.publicKey, {
              secretId: secret.id,
              userId: ada.id,
            }),
          },
        },
      };
    });
    return { evil, ops, archive, secret, me };
  }

  it('an edit of a secret whose key the server made is sealed under a key the server does not know', async () => {
    const { evil, ops, secret, me } = await forgedSetUp();
    expect((await openSecretRecord(secret.id, me)).payload).toMatchObject({ password: 'attacker-chosen' });
    await updateEncryptedSecret({ id: secret.id, baseRevision: 1 }, draftIn(ops), me);
    await evil.verify();
  }, 30_000);

  it('resisted since part II: a signed secret served under a key the server made is not opened', async () => {
    const { secret, me } = await forgedSetUp({ signed: true });
    const error = await openSecretRecord(secret.id, me).catch((caught: unknown) => caught);
    expect(isSecretAccessError(error, 'integrity')).toBe(true);
    expect((error as Error).message).toContain('ciphertext is not the one its header names');
  }, 30_000);

  it('a move of that secret is sealed under a key the server does not know', async () => {
    const { evil, archive, secret, me } = await forgedSetUp();
    await moveEncryptedSecret(secret.id, archive.id, me);
    await evil.verify();
  }, 30_000);
});
