import type { Profile } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { reshareMissingKeys } from '../../crypto-client/reshare-keys.js';
import { createPageRewrapper } from '../../crypto-client/rewrapper.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';

// Names an escrow, recovery or organisation key scheme would give its routes or fields. Two-step
// recovery codes (sign-in recovery) and an administrator's password reset (a fresh key pair, R16)
// are not key escrow and are not matched.
const ESCROW =
  /escrow|key[_-]?connector|account[_-]?recovery|recovery[_-]?key|emergency[_-]?access|organi[sz]ation[_-]?public[_-]?key|trusted[_-]?device/i;

// Every source file of the web app, tests and test helpers left out.
const sources = import.meta.glob(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

// R15, escrow or recovery enrolment injection. The server offers a recovery, escrow or organisation
// key, hoping the app enrols (wraps the user's keys for it).
// Now: resisted. No escrow, key connector, account recovery or organisation key exists, in the API or
// anywhere in the app, so an offered key is never used → after: the same (a static test and a
// dynamic one keep it so).
describe('R15 escrow and recovery enrolment', () => {
  it('no route or field of an escrow or recovery key scheme exists anywhere in the web app', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const offending = Object.entries(sources)
      .filter(([, text]) => ESCROW.test(text))
      .map(([file]) => file);
    expect(offending).toEqual([]);
  });

  it('escrow keys the server offers in the profile and the people it lists are never wrapped for, and no escrow route is called', async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const escrow = await evil.attackerKey('escrow key');
    const chest = evil.chest('Servers');
    await evil.secret({ chest });
    const me = await evil.signIn(ada);
    evil.tamper<Profile>('GET /api/v1/profile.json', (_request, honest) => ({
      body: {
        ...honest.body,
        organisation_public_key: escrow.publicKey,
        recovery_public_key: escrow.publicKey,
        escrow: { public_key: escrow.publicKey, enrolled: false, required: true },
      },
    }));
    await createEncryptedSecret(draftIn(chest), me);
    await reshareMissingKeys(me, { rewrapper: createPageRewrapper });
    expect(evil.calls.filter((call) => ESCROW.test(call.path))).toEqual([]);
    await evil.verify();
  }, 30_000);
});
