import { describe, expect, it } from 'vitest';
import { createEvilServer, draftIn } from '../test/evil-server/evil-server.js';
import { secretCreator } from './secret-creator.js';
import { confirming, confirmingNobody } from './testing/confirm-answers.js';

// Issue 28: an import creates thousands of secrets; the chest's readers are listed, confirmed and
// imported once per run, each secret still sealed under its own key and wrapped for exactly them.

function postedSecrets(evil: ReturnType<typeof createEvilServer>) {
  return evil.calls
    .filter((call) => call.method === 'POST' && call.path.startsWith('/api/v1/secrets'))
    .map((call) => JSON.parse(String(call.init.body)).secret);
}

function keyListings(evil: ReturnType<typeof createEvilServer>) {
  return evil.calls.filter((call) => call.path.includes('/public_keys')).length;
}

describe('secretCreator', () => {
  it('lists and confirms the readers once for many secrets saved side by side, each under its own key', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const carol = await evil.user('Carol');
    const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob, carol])] });
    const me = await evil.signIn(ada);
    const confirm = confirming();
    const create = secretCreator(me, { confirm });
    const saved = await Promise.all(
      ['Mail', 'Bank', 'Wifi', 'VPN'].map((name) => create(draftIn(chest, { name, importBatchId: 'b-1' }))),
    );
    expect(saved.every((one) => one.revision === 1)).toBe(true);
    expect(new Set(saved.map((one) => one.id)).size).toBe(4);
    expect(keyListings(evil)).toBe(1);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0].map((person) => person.userId).sort()).toEqual(
      [bob.id, carol.id].sort(),
    );
    const posted = postedSecrets(evil);
    expect(posted).toHaveLength(4);
    for (const secret of posted) {
      expect(secret.secret_keys_attributes.map((key: { user_id: string }) => key.user_id).sort()).toEqual(
        [ada.id, bob.id, carol.id].sort(),
      );
      expect(secret.import_batch_id).toBe('b-1');
    }
    expect(new Set(posted.map((secret) => secret.encrypted_data)).size).toBe(4);
    // Every wrapped key opens for exactly the chest's readers, and no outsider's key seals anything.
    await evil.verify();
  }, 30_000);

  it('lists the readers again when one joined meanwhile (409), asks about the newcomer and wraps for them', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const dan = await evil.user('Dan');
    const ops = evil.team('Ops', [ada, bob]);
    const chest = evil.chest('Imported', { teams: [ops] });
    const me = await evil.signIn(ada);
    const confirm = confirming();
    const create = secretCreator(me, { confirm });
    await create(draftIn(chest, { name: 'First' }));
    evil.model.memberships.push({ user_id: dan.id, team_id: ops.id, edit_access: false });
    await create(draftIn(chest, { name: 'Second' }));
    await create(draftIn(chest, { name: 'Third' }));
    const posted = postedSecrets(evil);
    // The second secret's first POST was refused (no key for Dan) and sent again, wrapped for him.
    expect(posted.map((secret) => [secret.name, secret.secret_keys_attributes.length])).toEqual([
      ['First', 2],
      ['Second', 2],
      ['Second', 3],
      ['Third', 3],
    ]);
    expect(keyListings(evil)).toBe(2);
    expect(confirm.mock.calls.map(([people]) => people.map((person) => person.userId))).toEqual([
      [bob.id],
      [dan.id],
    ]);
    await evil.verify();
  }, 30_000);

  it('sends nothing when someone is not confirmed, and asks again on the next secret', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob])] });
    const me = await evil.signIn(ada);
    const refusing = secretCreator(me, { confirm: confirmingNobody() });
    await expect(refusing(draftIn(chest))).rejects.toMatchObject({ kind: 'unconfirmed' });
    await expect(refusing(draftIn(chest))).rejects.toMatchObject({ kind: 'unconfirmed' });
    expect(postedSecrets(evil)).toEqual([]);
    // A failed listing is not kept: each secret lists and asks again.
    expect(keyListings(evil)).toBe(2);
    await evil.verify();
  }, 30_000);
});
