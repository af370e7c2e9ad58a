import { describe, expect, it, vi } from 'vitest';
import type { ConfirmPeople } from '../../crypto-client/people-to-confirm.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';

// R10, reader injection. The server lists a colleague the administrator trusts (confirmed once, for
// another chest) among the readers of a hidden secret, which only administrators may read.
// Before part II the save wrapped the hidden secret's key for Bob and nobody was asked (review, PoC 1):
// the client checked keys, never roles. Resisted since part II (signed membership): the readers come
// from the verified trust log, so the save is refused with an alarm naming Bob, and Bob gets nothing.
describe('R10 reader injection', () => {
  it('resisted: a trusted colleague the server adds to a hidden secret gets no key, and the alarm names him', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const board = evil.chest('Board', { teams: [evil.team('Directors', [ada])] });
    const me = await evil.signIn(ada);
    await evil.trust(bob);
    await evil.signedLog(ada);
    evil.tamper<{ items: { user_id: string; public_key: string }[] }>(
      'GET /api/v1/vaults/:id/public_keys.json',
      (_request, honest) => ({
        body: { items: [...(honest.body?.items ?? []), { user_id: bob.id, public_key: bob.publicKey }] },
      }),
    );
    const neverAsked = vi.fn<ConfirmPeople>(async () => []);
    await expect(
      createEncryptedSecret(draftIn(board, { hidden: true }), me, { confirm: neverAsked }),
    ).rejects.toThrow(bob.email);
    expect(trustLogStore.get().alarm?.kind).toBe('reader');
    expect(neverAsked).not.toHaveBeenCalled();
    await evil.verify();
  }, 30_000);
});
