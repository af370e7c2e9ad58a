import { describe, it } from 'vitest';
import { moveEncryptedSecret } from '../../crypto-client/move-secret.js';
import { updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';

// R17, revocation. Bob read a secret, so he holds its key; then he loses access.
// Now (before issue 25): an edit reused that key and a move rewrapped it, so Bob (and a server
// that kept his copy) opened every later revision → after (issue 25, A2): each save and move seals
// under a fresh key for exactly the current readers; Bob's old key opens nothing that follows.
describe('R17 revocation', () => {
  it('a reader removed from the team cannot open the next revision with the key they kept', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const ops = evil.chest('Servers', { teams: [evil.team('Ops', [ada, bob])] });
    const secret = await evil.secret({ chest: ops });
    const at = evil.model.memberships.findIndex((membership) => membership.user_id === bob.id);
    evil.model.memberships.splice(at, 1);
    evil.attackerKnows(secret.key, 'Bob, removed from Ops');
    const me = await evil.signIn(ada);
    await updateEncryptedSecret({ id: secret.id, baseRevision: 1 }, draftIn(ops), me);
    await evil.verify();
  }, 30_000);

  it('a reader of the chest a secret leaves cannot open it in the chest it joins', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const ops = evil.chest('Servers', { teams: [evil.team('Ops', [ada, bob])] });
    const board = evil.chest('Board', { teams: [evil.team('Directors', [ada])] });
    const secret = await evil.secret({ chest: ops });
    evil.attackerKnows(secret.key, 'Bob, a reader of Servers only');
    const me = await evil.signIn(ada);
    await moveEncryptedSecret(secret.id, board.id, me);
    await evil.verify();
  }, 30_000);
});
