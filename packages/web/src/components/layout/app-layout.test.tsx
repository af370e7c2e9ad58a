import type { Profile } from '@coffer/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountQueryKeys } from '../../api/accounts-queries.js';
import { makeTestUserKeys, type TestUserKeys } from '../../crypto-client/testing/test-user-keys.js';
import { deletePrivateKey, savePrivateKey } from '../../keys/key-store.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { OWN_KEY_ALARM_TEXT } from '../key-trust/own-key-alarm.js';
import { ownKeyCheckKeys } from '../key-trust/own-key-check-query.js';
import { TRUST_LOG_ALARM_TEXT } from '../trust-log/trust-log-alarm-screen.js';

// Review R18: every session the shell serves proves the key the server lists as the user's own.

const screens = {
  signedIn: [{ path: '/', element: <p>Dashboard screen</p> }],
  visitor: [{ path: '/login', element: <p>Login screen</p> }],
};

let me: TestUserKeys;
let mallory: TestUserKeys;
beforeAll(async () => {
  [me, mallory] = await Promise.all([makeTestUserKeys('u-1'), makeTestUserKeys('u-mallory')]);
}, 90_000);
afterEach(() => deletePrivateKey());

/** A session whose private key was unlocked at sign-in, with the server answering `listed` as the profile. */
async function unlockedSession(listed: () => Partial<Profile>) {
  await savePrivateKey(me.privateKey);
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/v1/profile.json': () => ({ body: buildProfile({ id: 'u-1', ...listed() }) }),
    'DELETE /users/sign_out.json': { status: 204 },
  });
}

const alarm = () => screen.findByRole('alert');

describe('the shell proves the own key of every session', () => {
  it('shows the screen when the listed key is the public half of the unlocked private key', async () => {
    await unlockedSession(() => ({ public_key: me.publicKey }));
    const { queryClient } = renderApp('/', screens);
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryData(ownKeyCheckKeys.of('u-1', me.publicKey))).toMatchObject({
        status: 'proven',
      }),
    );
    expect(screen.getByText('Dashboard screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("replaces every screen with the alarm when the server lists another key as the user's own, and lets them log out", async () => {
    const calls = await unlockedSession(() => ({ public_key: mallory.publicKey }));
    const { router } = renderApp('/', screens);
    const shown = await alarm();
    expect(shown.textContent).toContain(OWN_KEY_ALARM_TEXT.title);
    expect(shown.textContent).toContain(OWN_KEY_ALARM_TEXT.instruction);
    expect(screen.queryByText('Dashboard screen')).toBeNull();
    expect(screen.queryByTestId('key-fingerprint')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: OWN_KEY_ALARM_TEXT.logOut }));
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/users/sign_out.json')).toBe(true);
  });

  it('raises the alarm when the profile, answered again in the session, lists another key', async () => {
    let listed = me.publicKey;
    await unlockedSession(() => ({ public_key: listed }));
    const { queryClient } = renderApp('/', screens);
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    listed = mallory.publicKey;
    await act(() => queryClient.refetchQueries({ queryKey: accountQueryKeys.profile }));
    expect((await alarm()).textContent).toContain(OWN_KEY_ALARM_TEXT.title);
    expect(screen.queryByText('Dashboard screen')).toBeNull();
  });

  it('proves again once a new private key is stored, as the first personal password does just after the server took its public key', async () => {
    // The answer after the change differs (its must_change_password does), so the shell renders again.
    let name = 'Ada Lovelace';
    await unlockedSession(() => ({ public_key: mallory.publicKey, name }));
    const { queryClient } = renderApp('/', screens);
    expect((await alarm()).textContent).toContain(OWN_KEY_ALARM_TEXT.title);
    await savePrivateKey(mallory.privateKey);
    name = 'Ada King';
    await act(() => queryClient.refetchQueries({ queryKey: accountQueryKeys.profile }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('raises no alarm when this browser holds no private key to prove anything with', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile({ public_key: mallory.publicKey }) } });
    const { queryClient } = renderApp('/', screens);
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryData(ownKeyCheckKeys.of('u-1', mallory.publicKey))).toEqual({
        status: 'no-private-key',
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the shell verifies the trust log of every session (issue 30)', () => {
  it('replaces every screen with the trust log alarm when the server serves a log older than this browser verified', async () => {
    const { storeLocalCheckpoint } = await import('../../trust-log/local-checkpoint.js');
    const { rollbackMessage } = await import('../../trust-log/trust-log-alarm.js');
    await storeLocalCheckpoint({ org: 'org-1', user: 'u-1', seq: 3, head: 'h'.repeat(44), genesis: null });
    await savePrivateKey(me.privateKey);
    localStorage.setItem('token', 'tok');
    const calls = mockFetch({
      'GET /api/v1/profile.json': {
        body: buildProfile({
          id: 'u-1',
          public_key: me.publicKey,
          organisation: { id: 'org-1', name: 'Office' },
        }),
      },
      'GET /api/v1/trust_log': { body: { items: [], head: null } },
      'GET /api/v1/trust_log/checkpoint.json': { body: { seq: null, signed: null } },
    });
    renderApp('/', screens);
    const shown = await alarm();
    expect(shown.textContent).toContain(TRUST_LOG_ALARM_TEXT.title);
    expect(shown.textContent).toContain(rollbackMessage(null, 3));
    expect(screen.queryByText('Dashboard screen')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/v1/secrets/missing_keys'))).toBe(false);
  });
});
