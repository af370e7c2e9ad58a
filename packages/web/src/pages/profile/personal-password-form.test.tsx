import type { Profile, TrustState } from '@coffer/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountQueryKeys } from '../../api/accounts-queries.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { verifiedLog } from '../../test/verified-log.js';
import { resetTrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';
import { PersonalPasswordForm } from './personal-password-form.js';

vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async () => ({ authHash: 'current-hash' })),
  rekeyAccount: vi.fn(async () => ({
    authHash: 'next-hash',
    sealed: { encrypted_private_key: 'new-sealed', private_key_iv: 'new-iv' },
  })),
}));

// The fresh key pair of a first personal password (a real one is RSA-3072: slow, and tested in core);
// its unlock (into the key store, to unwrap and to sign) is recorded.
const unlock = vi.fn(async () => undefined);
vi.mock('../../keys/make-account-keys.js', () => ({
  makeAccountKeys: vi.fn(async () => ({
    keys: {
      authHash: 'fresh-hash',
      public_key: 'fresh-public-key',
      encrypted_private_key: 'fresh-sealed',
      private_key_iv: 'fresh-iv',
      kdf_iterations: 600_000,
    },
    unlock,
  })),
}));
// No private key is held here, so the shell's own-key proof has nothing to prove with.
vi.mock('../../keys/key-store.js', () => ({
  savePrivateKey: vi.fn(async () => undefined),
  loadPrivateKey: vi.fn(async () => null),
  privateKeyVersion: () => 0,
}));
// The trust log's part of a rotation (an entry signed with the new key) is tested in trust-log/.
vi.mock('../../trust-log/own-key-rotation.js', () => ({ keyRotationEntries: vi.fn(async () => undefined) }));
// The old private key's signature of the new public key (real signing is tested in keys/ and core).
vi.mock('../../keys/endorse-key-rotation.js', () => ({
  endorseNewKeyPair: vi.fn(async () => 'old-key-endorsement'),
}));

function setUp({ flagged = true } = {}) {
  unlock.mockClear();
  localStorage.setItem('token', 'tok');
  let changed = false;
  const calls = mockFetch({
    'GET /api/v1/profile.json': () => ({ body: buildProfile({ must_change_password: flagged && !changed }) }),
    'POST /api/v1/users/verify_password.json': { body: { valid: true } },
    // No trust log: the key moves with the password change alone.
    'GET /api/v1/trust_log': { body: { items: [], head: null } },
    'GET /api/v1/trust_log/checkpoint.json': { body: { seq: null, signed: null } },
    'PATCH /users.json': () => {
      changed = true;
      return { body: {} };
    },
  });
  const onDone = vi.fn();
  const view = renderApp('/', {
    signedIn: [{ path: '/', element: <PersonalPasswordForm onDone={onDone} /> }],
  });
  return { calls, onDone, view, user: userEvent.setup() };
}

afterEach(resetTrustLogView);

describe('PersonalPasswordForm', () => {
  it('makes a fresh key pair when the verified log says an administrator made the key, though the server says no change is due (R16)', async () => {
    const me = {
      id: 'u-1',
      email: 'u@example.com',
      publicKey: 'k',
      fingerprint: 'f',
      admin: false,
      active: true,
    };
    const state = { users: new Map([['u-1', { ...me, keyOrigin: 'reset' }]]) } as unknown as TrustState;
    trustLogStore.set((view) => ({ ...view, synced: true, log: verifiedLog(state) }));
    const { user, calls, onDone } = setUp({ flagged: false });
    await user.type(await screen.findByLabelText(/Current Password/), 'generated-pass1');
    await user.type(screen.getByLabelText('New Password'), 'my own password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const patch = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body));
    expect(patch.user).toMatchObject({
      public_key: 'fresh-public-key',
      key_endorsement: 'old-key-endorsement',
    });
  });

  it('refuses the current password as the new one', async () => {
    const { user, calls } = setUp();
    await user.type(await screen.findByLabelText(/Current Password/), 'generated-pass1');
    await user.type(screen.getByLabelText('New Password'), 'generated-pass1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'generated-pass1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(screen.getByRole('alert').textContent).toContain('different from your current one');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('sets the password, clears must_change_password and calls onDone', async () => {
    const { user, calls, onDone, view } = setUp();
    await user.type(await screen.findByLabelText(/Current Password/), 'generated-pass1');
    await user.type(screen.getByLabelText('New Password'), 'my own password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const patch = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body)) as {
      user: { must_change_password: boolean };
    };
    expect(patch.user.must_change_password).toBe(false);
    expect(view.queryClient.getQueryData<Profile>(accountQueryKeys.profile)?.must_change_password).toBe(
      false,
    );
    expect(screen.getByText('Your personal password has been set.')).toBeTruthy();
  });

  it('makes a fresh key pair while must_change_password is set, endorsed by the old key, and keeps its private key here only', async () => {
    const { user, calls, onDone, view } = setUp();
    await user.type(await screen.findByLabelText(/Current Password/), 'generated-pass1');
    await user.type(screen.getByLabelText('New Password'), 'my own password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const patch = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body));
    expect(patch).toEqual({
      user: {
        password: 'fresh-hash',
        current_password: 'current-hash',
        encrypted_private_key: 'fresh-sealed',
        private_key_iv: 'fresh-iv',
        must_change_password: false,
        public_key: 'fresh-public-key',
        kdf_iterations: 600_000,
        key_endorsement: 'old-key-endorsement',
      },
    });
    const { endorseNewKeyPair } = await import('../../keys/endorse-key-rotation.js');
    expect(endorseNewKeyPair).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'u-1', encrypted_private_key: 'ZW5j', private_key_iv: 'aXY=' }),
      { authHash: 'current-hash' },
      'fresh-public-key',
    );
    expect(unlock).toHaveBeenCalledTimes(1);
    expect(view.queryClient.getQueryData<Profile>(accountQueryKeys.profile)?.public_key).toBe(
      'fresh-public-key',
    );
  });

  it('still sets the personal password when the old key cannot endorse the new one', async () => {
    const { endorseNewKeyPair } = await import('../../keys/endorse-key-rotation.js');
    vi.mocked(endorseNewKeyPair).mockResolvedValueOnce(undefined);
    const { user, calls, onDone } = setUp();
    await user.type(await screen.findByLabelText(/Current Password/), 'generated-pass1');
    await user.type(screen.getByLabelText('New Password'), 'my own password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const patch = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body));
    expect(patch.user).toMatchObject({ public_key: 'fresh-public-key' });
    expect(patch.user).not.toHaveProperty('key_endorsement');
  });

  it("re-seals the same key pair once the password is the user's own", async () => {
    localStorage.setItem('token', 'tok');
    const calls = mockFetch({
      'GET /api/v1/profile.json': { body: buildProfile({ must_change_password: false }) },
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { body: {} },
    });
    const onDone = vi.fn();
    renderApp('/', { signedIn: [{ path: '/', element: <PersonalPasswordForm onDone={onDone} /> }] });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Current Password/), 'my own password');
    await user.type(screen.getByLabelText('New Password'), 'another password');
    await user.type(screen.getByLabelText('Confirm New Password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const patch = JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body));
    expect(patch.user).toMatchObject({ password: 'next-hash', encrypted_private_key: 'new-sealed' });
    expect(patch.user.public_key).toBeUndefined();
    expect(patch.user.key_endorsement).toBeUndefined();
  });
});
