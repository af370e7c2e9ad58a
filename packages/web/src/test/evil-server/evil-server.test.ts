import { beforeEach, describe, expect, it } from 'vitest';
import { moveEncryptedSecret } from '../../crypto-client/move-secret.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { reshareMissingKeys } from '../../crypto-client/reshare-keys.js';
import { createPageRewrapper } from '../../crypto-client/rewrapper.js';
import { createEncryptedSecret, updateEncryptedSecret } from '../../crypto-client/save-secret.js';
import type { EvilServer } from './evil-server.js';
import { createEvilServer, draftIn } from './evil-server.js';

// The honest model must answer as the real server does, or every class test proves nothing: a whole
// honest session through the real crypto client leaves the invariants clean and the model as the
// server would hold it.
describe('the harness, untampered', () => {
  let evil: EvilServer;
  beforeEach(() => {
    evil = createEvilServer();
  });

  it('create, open, edit, move and reshare run as against the real server, with no violation', async () => {
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const carol = await evil.user('Carol');
    const ops = evil.team('Ops', [bob]);
    const servers = evil.chest('Servers', { teams: [ops] });
    const financeTeam = evil.team('Finance', [carol]);
    const finance = evil.chest('Finance', { teams: [financeTeam] });
    const me = await evil.signIn(ada);
    await evil.trust(bob, carol);

    const saved = await createEncryptedSecret(draftIn(servers), me);
    expect((await openSecretRecord(saved.id, me)).payload).toMatchObject({ password: 'the-new-password-42' });
    const edit = draftIn(servers, { payload: { username: 'me', password: 'edited', url: '', note: '' } });
    expect(await updateEncryptedSecret({ id: saved.id, baseRevision: 1 }, edit, me)).toEqual({
      id: saved.id,
      revision: 2,
    });
    await moveEncryptedSecret(saved.id, finance.id, me);
    const stored = evil.model.secrets.get(saved.id);
    expect(stored?.vault_id).toBe(finance.id);
    expect([...(stored?.keys.keys() ?? [])].sort()).toEqual([ada.id, carol.id].sort());

    // A newcomer to Finance shows as missing, and the background run delivers to them.
    const dave = await evil.user('Dave');
    evil.model.memberships.push({ user_id: dave.id, team_id: financeTeam.id, edit_access: true });
    await evil.trust(dave);
    expect(await reshareMissingKeys(me, { rewrapper: createPageRewrapper })).toMatchObject({
      shared: 1,
      missing: 1,
    });
    expect(stored?.keys.has(dave.id)).toBe(true);
    expect(await evil.violations()).toEqual([]);
  }, 60_000);

  it('lists readers with why they read, as the server states it, and only the administrators when hidden', async () => {
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const carol = await evil.user('Carol');
    const ops = evil.team('Ops', [bob]);
    const night = evil.team('Night shift', [bob, carol]);
    const chest = evil.chest('Servers', { teams: [ops, night], managers: [carol] });
    await evil.signIn(ada);
    const read = async (hidden: boolean) => {
      const answer = await fetch(
        `/api/v1/vaults/${chest.id}/public_keys.json${hidden ? '?hidden=true' : ''}`,
      );
      const { items } = (await answer.json()) as { items: { user_id: string; reasons: unknown }[] };
      return Object.fromEntries(items.map((item) => [item.user_id, item.reasons]));
    };
    expect(await read(false)).toEqual({
      [ada.id]: [{ kind: 'administrator' }],
      [bob.id]: [
        { kind: 'team', team_id: night.id, team_name: 'Night shift' },
        { kind: 'team', team_id: ops.id, team_name: 'Ops' },
      ],
      [carol.id]: [{ kind: 'manager' }, { kind: 'team', team_id: night.id, team_name: 'Night shift' }],
    });
    expect(await read(true)).toEqual({ [ada.id]: [{ kind: 'administrator' }] });
  }, 30_000);

  it('refuses as the server does: a stale revision, and a key for someone outside the chest', async () => {
    const ada = await evil.user('Ada', { administrator: true });
    const chest = evil.chest('Servers');
    const secret = await evil.secret({ chest });
    const me = await evil.signIn(ada);
    await evil.revise(secret.id, { username: 'ada', password: 'newer', url: '', note: '' });
    await expect(
      updateEncryptedSecret({ id: secret.id, baseRevision: 1 }, draftIn(chest), me),
    ).rejects.toMatchObject({
      kind: 'conflict',
    });
    const answer = await fetch(`/api/v1/secrets/${secret.id}.json`, {
      method: 'PUT',
      body: JSON.stringify({
        secret: {
          vault_id: evil.chest('Other').id,
          secret_keys_attributes: [{ user_id: 'u-nobody', encrypted_value: 'AAAA' }],
        },
      }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      errors: ['A key was shared with someone who has no access to this chest.'],
    });
  }, 30_000);
});
