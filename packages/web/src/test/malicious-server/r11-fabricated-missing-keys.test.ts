import type { KeyShare } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { reshareMissingKeys } from '../../crypto-client/reshare-keys.js';
import { createPageRewrapper } from '../../crypto-client/rewrapper.js';
import { PAIR_HEADER_ALARM_MESSAGE } from '../../trust-log/trust-log-alarm.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';
import { createEvilServer } from '../evil-server/evil-server.js';
import { refused } from '../evil-server/forgeries.js';

// R11, fabricated missing keys. The server chooses the (secret, user) pairs an administrator's browser
// rewraps; it lists a hidden secret as "missing" for a colleague that browser trusts.
// Before part II the background run (no one is asked) rewrapped it for Bob (review, PoC 2). Resisted
// since part II (signed membership): a page of pairs is wrapped only when every pair's user reads its
// secret in the verified log, so the fabricated pair raises the alarm naming Bob and nothing is wrapped.
// The background run itself starts only for an administrator of the log (log-administrator.ts).
// A pair's chest and hidden flag are checked against its secret's signed header (suite 2); for a
// secret without one they are the server's word until it is signed (R7's residual).
// Ada, an administrator signed in under a signed log, holds the hidden Board minutes; Bob, whom her
// browser trusts, is in the chest's team but may not read a hidden secret.
async function hiddenMinutesSharedWithBob() {
  const evil = createEvilServer();
  const ada = await evil.user('Ada', { administrator: true });
  const bob = await evil.user('Bob');
  const board = evil.chest('Board', { teams: [evil.team('Directors', [bob])] });
  const minutes = await evil.secret({ chest: board, name: 'Board minutes', hidden: true });
  const me = await evil.signIn(ada);
  await evil.trust(bob);
  await evil.signedLog(ada);
  const mine = evil.model.secrets.get(minutes.id)?.keys.get(ada.id) ?? '';
  return { evil, bob, board, minutes, me, mine };
}

describe('R11 fabricated missing keys', () => {
  it('resisted: the background reshare gives a trusted colleague no key of a hidden secret', async () => {
    const { evil, bob, board, minutes, me, mine } = await hiddenMinutesSharedWithBob();
    const fabricated = {
      secret_id: minutes.id,
      user_id: bob.id,
      public_key: bob.publicKey,
      encrypted_value: mine,
      vault_id: board.id,
      hidden: true,
    };
    evil.tamper<{ keyshare: KeyShare[]; total: number }>(
      'GET /api/v1/secret_keys/reshare_all.json',
      (_request, honest) => ({
        body: {
          keyshare: [...(honest.body?.keyshare ?? []), fabricated],
          total: (honest.body?.total ?? 0) + 1,
        },
      }),
    );
    await expect(reshareMissingKeys(me, { rewrapper: createPageRewrapper })).rejects.toThrow(bob.email);
    expect(trustLogStore.get().alarm?.kind).toBe('reader');
    await evil.verify();
  }, 30_000);

  it('resisted: a pair that does not say where its secret is, is not wrapped once there is a log', async () => {
    const { evil, bob, minutes, me, mine } = await hiddenMinutesSharedWithBob();
    evil.tamper<{ keyshare: KeyShare[]; total: number }>('GET /api/v1/secret_keys/reshare_all.json', () => ({
      body: {
        keyshare: [
          { secret_id: minutes.id, user_id: bob.id, public_key: bob.publicKey, encrypted_value: mine },
        ],
        total: 1,
      },
    }));
    await reshareMissingKeys(me, { rewrapper: createPageRewrapper }).catch(refused);
    await evil.verify();
  }, 30_000);

  it('resisted: a signed hidden secret the server lists as not hidden, for a member of its chest, is not wrapped', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const board = evil.chest('Board', { teams: [evil.team('Directors', [bob])] });
    const me = await evil.signIn(ada);
    await evil.signedLog(ada);
    const minutes = await evil.secret({ chest: board, name: 'Board minutes', hidden: true, author: ada });
    const stored = evil.model.secrets.get(minutes.id);
    const fabricated = {
      secret_id: minutes.id,
      user_id: bob.id,
      public_key: bob.publicKey,
      encrypted_value: stored?.keys.get(ada.id) ?? '',
      vault_id: board.id,
      hidden: false,
      signed_header: stored?.signed_header ?? null,
    };
    evil.tamper<{ keyshare: KeyShare[]; total: number }>('GET /api/v1/secret_keys/reshare_all.json', () => ({
      body: { keyshare: [fabricated], total: 1 },
    }));
    await expect(reshareMissingKeys(me, { rewrapper: createPageRewrapper })).rejects.toThrow(
      PAIR_HEADER_ALARM_MESSAGE,
    );
    expect(trustLogStore.get().alarm?.kind).toBe('reader');
    expect(evil.model.secrets.get(minutes.id)?.keys.has(bob.id)).toBe(false);
    await evil.verify();
  }, 30_000);
});
