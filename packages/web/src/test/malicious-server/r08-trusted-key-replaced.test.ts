import type { KeyShare, PublicKeysResponse } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { reshareMissingKeys } from '../../crypto-client/reshare-keys.js';
import { createPageRewrapper } from '../../crypto-client/rewrapper.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { confirmingNobody } from '../../crypto-client/testing/confirm-answers.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';
import { refused } from '../evil-server/forgeries.js';

// R8, key substitution for a colleague already trusted. The server answers an attacker's key as Bob's,
// whom the administrator confirmed by name, e-mail and fingerprint.
// Now: resisted as far as part I goes. A changed key is never wrapped for silently: a save asks about
// Bob as a changed key (the dialog then shows what was confirmed before, and the e-mail) and sends nothing
// unless he is confirmed again; the background reshare skips him. The human check itself rests on R18's
// proven own fingerprint → after (part II): the key must be in the signed log, so it is refused outright.
describe('R8 a trusted colleague’s key replaced', () => {
  async function bobReplaced() {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const chest = evil.chest('Servers', { teams: [evil.team('Ops', [ada, bob])] });
    const secret = await evil.secret({ chest });
    const me = await evil.signIn(ada);
    await evil.trust(bob);
    const attacker = await evil.attackerKey('the server');
    return { evil, bob, chest, secret, me, attacker };
  }

  it('a save asks about the replaced key as changed, and wraps nothing for it when not confirmed', async () => {
    const { evil, bob, chest, me, attacker } = await bobReplaced();
    evil.tamper<PublicKeysResponse>('GET /api/v1/vaults/:id/public_keys.json', (_request, honest) => ({
      body: {
        items: (honest.body?.items ?? []).map((item) =>
          item.user_id === bob.id ? { ...item, public_key: attacker.publicKey } : item,
        ),
      },
    }));
    const confirm = confirmingNobody();
    await expect(createEncryptedSecret(draftIn(chest), me, { confirm })).rejects.toMatchObject({
      kind: 'key-changed',
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ userId: bob.id, publicKey: attacker.publicKey, reason: 'changed' }),
    ]);
    await evil.verify();
  }, 30_000);

  it('the background reshare skips the replaced key and lists Bob as waiting', async () => {
    const { evil, bob, secret, me, attacker } = await bobReplaced();
    evil.model.secrets.get(secret.id)?.keys.delete(bob.id);
    evil.tamper<{ keyshare: KeyShare[]; total: number }>(
      'GET /api/v1/secret_keys/reshare_all.json',
      (_request, honest) => ({
        body: {
          total: honest.body?.total ?? 0,
          keyshare: (honest.body?.keyshare ?? []).map((pair) =>
            pair.user_id === bob.id ? { ...pair, public_key: attacker.publicKey } : pair,
          ),
        },
      }),
    );
    const result = await reshareMissingKeys(me, { rewrapper: createPageRewrapper }).catch(
      (error: unknown) => {
        refused(error);
        return null;
      },
    );
    expect(result).toMatchObject({ shared: 0, waiting: 1 });
    expect(result?.untrusted).toEqual([expect.objectContaining({ userId: bob.id, reason: 'changed' })]);
    await evil.verify();
  }, 30_000);
});
