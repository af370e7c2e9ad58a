import { describe, it, vi } from 'vitest';
import type { ConfirmPeople } from '../../crypto-client/people-to-confirm.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';
import { refused } from '../evil-server/forgeries.js';

// R10, reader injection. The server lists a colleague the administrator trusts (confirmed once, for
// another chest) among the readers of a hidden secret, which only administrators may read.
// Now: the save wraps the hidden secret's key for Bob and nobody is asked (review, PoC 1): the client
// checks keys, never roles → after (part II, signed membership): the readers come from the signed
// log, so the save refuses with an alarm and Bob gets nothing.
describe('R10 reader injection', () => {
  it.fails('known open until part II: a trusted colleague the server adds to a hidden secret gets no key', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const board = evil.chest('Board', { teams: [evil.team('Directors', [ada])] });
    const me = await evil.signIn(ada);
    await evil.trust(bob);
    evil.tamper<{ items: { user_id: string; public_key: string }[] }>(
      'GET /api/v1/vaults/:id/public_keys.json',
      (_request, honest) => ({
        body: { items: [...(honest.body?.items ?? []), { user_id: bob.id, public_key: bob.publicKey }] },
      }),
    );
    const neverAsked = vi.fn<ConfirmPeople>(async () => []);
    await createEncryptedSecret(draftIn(board, { hidden: true }), me, { confirm: neverAsked }).catch(refused);
    await evil.verify();
  }, 30_000);
});
