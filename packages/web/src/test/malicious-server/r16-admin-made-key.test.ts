import { endorseKeyRotation } from '@coffer/core';
import { describe, expect, it, vi } from 'vitest';
import type { ConfirmPeople } from '../../crypto-client/people-to-confirm.js';
import { reshareMissingKeys } from '../../crypto-client/reshare-keys.js';
import { createPageRewrapper } from '../../crypto-client/rewrapper.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';

// R16, a key pair made by an administrator stays known to them. After a password reset the user's
// new key pair was made in the resetting administrator's browser (who knows the generated password),
// and the server drops the user's wrapped keys.
// Now: resisted, with the residual of docs/security.md. A reset key is never trusted automatically:
// it differs from the key this browser trusted, so the background reshare skips it and a save asks;
// only a rotation signed by the trusted key carries trust, and the user's first personal password
// makes a fresh pair in their own browser. The residual is closed by part II: once the organisation has
// a trust log, a key the log holds as an administrator's ('created' at admission, or 'reset') sends the
// user to choose a personal password, with a fresh key pair, whatever the server's must_change_password
// says (pages/profile/personal-password-form.test.tsx, "…the verified log says an administrator made
// the key…"; trust-log/admin-made-key.ts).
describe('R16 administrator-made key pairs', () => {
  async function resetBob(endorsement: 'none' | 'by another key' | 'by the trusted key') {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const chest = evil.chest('Servers', { teams: [evil.team('Ops', [bob])] });
    const secret = await evil.secret({ chest });
    const me = await evil.signIn(ada);
    await evil.trust(bob);
    const rotated = await evil.rotateKey(bob, {
      endorsed: endorsement === 'by the trusted key',
      knownToAttacker: endorsement !== 'by the trusted key',
    });
    if (endorsement === 'by another key') {
      const other = await evil.attackerKey('the resetting administrator');
      rotated.endorsement = {
        endorsingPublicKey: other.publicKey,
        signature: await endorseKeyRotation(other.signingKey, { userId: bob.id, publicKey: bob.publicKey }),
      };
    }
    evil.model.secrets.get(secret.id)?.keys.delete(bob.id);
    return { evil, bob, chest, me };
  }

  it('the background reshare skips a reset key, endorsed by nothing or by another key than the trusted one', async () => {
    for (const endorsement of ['none', 'by another key'] as const) {
      const { evil, bob, me } = await resetBob(endorsement);
      const result = await reshareMissingKeys(me, { rewrapper: createPageRewrapper });
      expect(result).toMatchObject({ shared: 0, waiting: 1 });
      expect(result.untrusted).toEqual([expect.objectContaining({ userId: bob.id, reason: 'changed' })]);
      await evil.verify();
    }
  }, 30_000);

  it('a save asks about a reset key as a changed key, and shares nothing when the person is not confirmed', async () => {
    const { evil, bob, chest, me } = await resetBob('none');
    const confirm = vi.fn<ConfirmPeople>(async () => []);
    await expect(createEncryptedSecret(draftIn(chest), me, { confirm })).rejects.toMatchObject({
      kind: 'key-changed',
    });
    expect(confirm).toHaveBeenCalledWith(
      [expect.objectContaining({ userId: bob.id, reason: 'changed' })],
      'save',
      me,
    );
    expect(evil.sent).toEqual([]);
  }, 30_000);

  it('only a rotation the trusted key signed carries trust: the user gets their key without anyone asked', async () => {
    const { evil, me } = await resetBob('by the trusted key');
    expect(await reshareMissingKeys(me, { rewrapper: createPageRewrapper })).toMatchObject({
      shared: 1,
      waiting: 0,
    });
    await evil.verify();
  }, 30_000);
});
