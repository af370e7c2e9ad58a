import type { UserDetail } from '@coffer/core';
import { publicKeyFingerprint } from '@coffer/core';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { requestOrThrow } from '../../api/api-client.js';
import { OWN_KEY_ALARM_TEXT } from '../../components/key-trust/own-key-alarm.js';
import type { ConfirmPeople } from '../../crypto-client/people-to-confirm.js';
import { createEncryptedSecret } from '../../crypto-client/save-secret.js';
import { OWN_KEY_MISMATCH_MESSAGE } from '../../crypto-client/secret-access-error.js';
import { UserSettingsPanel } from '../../pages/admin/teams/user-settings-panel.js';
import { createEvilServer, draftIn } from '../evil-server/evil-server.js';
import { renderApp } from '../render-app.js';

// R18, identity display the server controls. The server lists an attacker's key as Bob's: in Bob's own
// profile and on the administrator's user page for Bob (the consistent lie of review T1, PoC 5).
// Now: Account Settings and the administrator's own row show a fingerprint only for a key proven against
// the private key unlocked in that browser, and the shell replaces every screen with the own-key alarm
// when the listed own key is not the user's; Bob is never shown the attacker's fingerprint, so the
// phone comparison cannot match. Before issue 25 Bob read the attacker's fingerprint and it matched.
// (Renaming a trusted id, the other half of R18, is A4's: trust records bind the person.)

const accountSettings = {
  signedIn: [{ path: '/profile', lazy: () => import('../../pages/profile/profile-screen.js') }],
};

/** The administrator's user page settings for a user, with the record as the server answers it. */
async function userSettingsOf(userId: string) {
  const record = await requestOrThrow<UserDetail>(`/api/v1/users/${userId}.json`);
  return renderApp('/user', { signedIn: [{ path: '/user', element: <UserSettingsPanel user={record} /> }] });
}

describe('R18 identity display the server controls', () => {
  it("a consistent lie about Bob's key shows the administrator the attacker's fingerprint, and Bob none", async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const bob = await evil.user('Bob');
    const attacker = await evil.attackerKey();
    const attackerFingerprint = await publicKeyFingerprint(attacker.publicKey);
    evil.tamper<UserDetail>('GET /api/v1/users/:id.json', (request, honest) =>
      request.params.id === bob.id ? { body: { ...honest.body, public_key: attacker.publicKey } } : {},
    );
    evil.tamper<{ id: string }>('GET /api/v1/profile.json', (_request, honest) =>
      honest.body?.id === bob.id ? { body: { ...honest.body, public_key: attacker.publicKey } } : {},
    );
    localStorage.setItem('token', 'tok');

    // The administrator's page for Bob cannot prove another person's key: it shows what is listed.
    await evil.signIn(ada);
    await userSettingsOf(bob.id);
    expect((await screen.findByTestId('key-fingerprint')).textContent).toContain(attackerFingerprint);
    cleanup();

    // Bob's own browser proves the listed key against his private key: the alarm, no fingerprint.
    await evil.signIn(bob);
    renderApp('/profile', accountSettings);
    expect((await screen.findByRole('alert')).textContent).toContain(OWN_KEY_ALARM_TEXT.title);
    expect(screen.queryByTestId('key-fingerprint')).toBeNull();
    expect(document.body.textContent).not.toContain(attackerFingerprint);
  }, 30_000);

  it("the administrator's own row shows no fingerprint for a key that is not theirs", async () => {
    const evil = createEvilServer();
    const ada = await evil.user('Ada', { administrator: true });
    const attacker = await evil.attackerKey();
    evil.tamper<UserDetail>('GET /api/v1/users/:id.json', (request, honest) =>
      request.params.id === ada.id ? { body: { ...honest.body, public_key: attacker.publicKey } } : {},
    );
    localStorage.setItem('token', 'tok');
    await evil.signIn(ada);
    await userSettingsOf(ada.id);
    expect((await screen.findByRole('alert')).textContent).toBe(OWN_KEY_ALARM_TEXT.noFingerprint);
    expect(screen.queryByTestId('key-fingerprint')).toBeNull();
  }, 30_000);

  it("a save never wraps for a key the server lists as the caller's own that is not theirs", async () => {
    const evil = createEvilServer();
    const bob = await evil.user('Bob');
    const chest = evil.chest('Mail', { teams: [evil.team('Staff', [bob])] });
    const attacker = await evil.attackerKey();
    evil.tamper<{ items: { user_id: string; public_key: string }[] }>(
      'GET /api/v1/vaults/:id/public_keys.json',
      (_request, honest) => ({
        body: {
          items: (honest.body?.items ?? []).map((reader) =>
            reader.user_id === bob.id ? { ...reader, public_key: attacker.publicKey } : reader,
          ),
        },
      }),
    );
    const me = await evil.signIn(bob);
    // A human who would confirm anyone shown: the refusal must come before anyone is asked.
    const neverAsked = vi.fn<ConfirmPeople>(async (people) =>
      people.map((person) => ({
        userId: person.userId,
        publicKey: person.publicKey,
        name: null,
        email: null,
      })),
    );
    await expect(createEncryptedSecret(draftIn(chest), me, { confirm: neverAsked })).rejects.toMatchObject({
      kind: 'key-changed',
      message: OWN_KEY_MISMATCH_MESSAGE,
    });
    expect(neverAsked).not.toHaveBeenCalled();
    await evil.verify();
  }, 30_000);
});
