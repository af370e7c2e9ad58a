import { describe, expect, it } from 'vitest';
import { createEvilServer, draftIn } from '../test/evil-server/evil-server.js';
import { openSecretRecord } from './open-secret-record.js';
import { createPageRewrapper, type RewrapperFactory } from './rewrapper.js';
import { SecretAccessError } from './secret-access-error.js';
import { secretCreator, secretCreators } from './secret-creator.js';
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

  describe('createMany (the bulk create)', () => {
    const bulkCalls = (evil: ReturnType<typeof createEvilServer>) =>
      evil.calls
        .filter((call) => call.method === 'POST' && call.path.startsWith('/api/v1/secrets/bulk'))
        .map((call) => JSON.parse(String(call.init.body)).secrets as { id: string; name: string }[]);

    it('sends up to 50 to a request, each under its own key for exactly the readers, listed once', async () => {
      const evil = createEvilServer();
      const ada = await evil.user('Ada', { administrator: true });
      const bob = await evil.user('Bob');
      const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob])] });
      const me = await evil.signIn(ada);
      const confirm = confirming();
      const { createMany } = secretCreators(me, { confirm });
      const drafts = Array.from({ length: 53 }, (_v, n) =>
        draftIn(chest, { name: `Item ${n}`, importBatchId: 'b-1' }),
      );
      const outcomes = await createMany(drafts);
      expect(outcomes.every((one) => !(one instanceof SecretAccessError) && one.revision === 1)).toBe(true);
      expect(bulkCalls(evil).map((items) => items.length)).toEqual([50, 3]);
      expect(
        bulkCalls(evil)
          .flat()
          .map((item) => item.name),
      ).toEqual(drafts.map((draft) => draft.name));
      expect(evil.model.secrets.size).toBe(53);
      expect(keyListings(evil)).toBe(1);
      expect(confirm).toHaveBeenCalledTimes(1);
      await evil.verify();
    }, 60_000);

    it('seals and scores in the crypto pool when asked to score, and ends the pool when closed', async () => {
      const evil = createEvilServer();
      const ada = await evil.user('Ada', { administrator: true });
      const bob = await evil.user('Bob');
      const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob])] });
      const me = await evil.signIn(ada);
      const sealed: number[] = [];
      let closed = 0;
      const pool: RewrapperFactory = (owner) => {
        const page = createPageRewrapper(owner, undefined, async (password) => password.length % 5);
        return {
          ...page,
          seal: (batch) => {
            sealed.push(batch.items.length);
            return page.seal(batch);
          },
          close: () => {
            closed += 1;
          },
        };
      };
      const creators = secretCreators(me, { confirm: confirming() }, pool);
      const drafts = [
        draftIn(chest, { name: 'Scored', strength: null }),
        draftIn(chest, {
          name: 'A note',
          category: 'note',
          payload: { note: 'no password here' },
          strength: null,
        }),
      ];
      const outcomes = await creators.createMany(drafts, { scoreStrength: true });
      expect(outcomes.some((one) => one instanceof SecretAccessError)).toBe(false);
      expect(sealed).toEqual([2]);
      const [sent] = bulkCalls(evil) as unknown as { name: string; strength: number | null }[][];
      expect(sent?.map((item) => [item.name, item.strength])).toEqual([
        ['Scored', 'the-new-password-42'.length % 5],
        ['A note', null],
      ]);
      creators.close();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(closed).toBe(1);
      await expect(creators.createMany(drafts)).resolves.toSatisfy((all: unknown[]) =>
        all.every((one) => one instanceof SecretAccessError),
      );
      await evil.verify();
    }, 30_000);

    it('signs each header under the organisation’s log, scored strength included, so readers verify it', async () => {
      const evil = createEvilServer();
      const ada = await evil.user('Ada', { administrator: true });
      const bob = await evil.user('Bob');
      const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob])] });
      const me = await evil.signIn(ada);
      await evil.signedLog(ada);
      const pool: RewrapperFactory = (owner) =>
        createPageRewrapper(owner, undefined, async (password) => password.length % 5);
      const creators = secretCreators(me, { confirm: confirming() }, pool);
      const drafts = [draftIn(chest, { name: 'Scored', strength: null }), draftIn(chest, { name: 'Kept' })];
      const outcomes = await creators.createMany(drafts, { scoreStrength: true });
      creators.close();
      const ids = outcomes.map((one) => (one instanceof SecretAccessError ? '' : one.id));
      for (const id of ids) {
        const opened = await openSecretRecord(id, me);
        expect(opened.header.verified).toBe(true);
        expect(opened.header.verified && opened.header.header.strength).toBe(opened.secret.strength);
      }
      expect(evil.model.secrets.get(ids[0] as string)?.strength).toBe('the-new-password-42'.length % 5);
      // One created alone (secretCreator's single create) is signed too.
      const single = await secretCreator(me, { confirm: confirming() })(draftIn(chest, { name: 'Alone' }));
      expect((await openSecretRecord(single.id, me)).header.verified).toBe(true);
      await evil.verify();
    }, 30_000);

    it('gives a refused item its error and sends the others again (nothing of the request was written)', async () => {
      const evil = createEvilServer();
      const ada = await evil.user('Ada', { administrator: true });
      const bob = await evil.user('Bob');
      const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob])] });
      // Bob reads this chest but may not write it: the server refuses that item.
      const elsewhere = evil.chest('Read only', {
        teams: [{ team: evil.team('Readers', [ada, bob]), edit: false }],
      });
      const me = await evil.signIn(bob);
      const { createMany } = secretCreators(me, { confirm: confirming() });
      const outcomes = await createMany([
        draftIn(chest, { name: 'First' }),
        draftIn(elsewhere, { name: 'Refused' }),
        draftIn(chest, { name: 'Third' }),
      ]);
      expect(outcomes[0]).not.toBeInstanceOf(SecretAccessError);
      expect(outcomes[1]).toBeInstanceOf(SecretAccessError);
      expect(outcomes[2]).not.toBeInstanceOf(SecretAccessError);
      expect(bulkCalls(evil).map((items) => items.map((item) => item.name))).toEqual([
        ['First', 'Refused', 'Third'],
        ['First', 'Third'],
      ]);
      expect([...evil.model.secrets.values()].map((secret) => secret.name).sort()).toEqual([
        'First',
        'Third',
      ]);
      await evil.verify();
    }, 30_000);

    it('lists the readers again when one joined meanwhile (409), re-wraps the request and sends it once more', async () => {
      const evil = createEvilServer();
      const ada = await evil.user('Ada', { administrator: true });
      const bob = await evil.user('Bob');
      const dan = await evil.user('Dan');
      const ops = evil.team('Ops', [ada, bob]);
      const chest = evil.chest('Imported', { teams: [ops] });
      const me = await evil.signIn(ada);
      const confirm = confirming();
      const { create, createMany } = secretCreators(me, { confirm });
      await create(draftIn(chest, { name: 'First' }));
      evil.model.memberships.push({ user_id: dan.id, team_id: ops.id, edit_access: false });
      const outcomes = await createMany([
        draftIn(chest, { name: 'Second' }),
        draftIn(chest, { name: 'Third' }),
      ]);
      expect(outcomes.some((one) => one instanceof SecretAccessError)).toBe(false);
      const calls = bulkCalls(evil) as unknown as { secret_keys_attributes: unknown[] }[][];
      expect(calls.map((items) => items.map((item) => item.secret_keys_attributes.length))).toEqual([
        [2, 2],
        [3, 3],
      ]);
      expect(keyListings(evil)).toBe(2);
      expect(confirm.mock.calls.map(([people]) => people.map((person) => person.userId))).toEqual([
        [bob.id],
        [dan.id],
      ]);
      await evil.verify();
    }, 30_000);

    it('sends nothing for a chest whose people are not confirmed', async () => {
      const evil = createEvilServer();
      const ada = await evil.user('Ada', { administrator: true });
      const bob = await evil.user('Bob');
      const chest = evil.chest('Imported', { teams: [evil.team('Ops', [ada, bob])] });
      const me = await evil.signIn(ada);
      const { createMany } = secretCreators(me, { confirm: confirmingNobody() });
      const outcomes = await createMany([draftIn(chest), draftIn(chest)]);
      expect(outcomes.map((one) => (one as SecretAccessError).kind)).toEqual(['unconfirmed', 'unconfirmed']);
      expect(bulkCalls(evil)).toEqual([]);
      await evil.verify();
    }, 30_000);
  });
});
