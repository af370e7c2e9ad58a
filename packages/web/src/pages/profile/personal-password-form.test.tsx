import type { Profile } from '@coffer/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '../../session/profile-query.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { PersonalPasswordForm } from './personal-password-form.js';

vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async () => ({ authHash: 'current-hash' })),
  rekeyAccount: vi.fn(async () => ({
    authHash: 'next-hash',
    sealed: { encrypted_private_key: 'new-sealed', private_key_iv: 'new-iv' },
  })),
}));

function setUp() {
  localStorage.setItem('token', 'tok');
  let changed = false;
  const calls = mockFetch({
    'GET /api/v1/profile.json': () => ({ body: buildProfile({ must_change_password: !changed }) }),
    'POST /api/v1/users/verify_password.json': { body: { valid: true } },
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

describe('PersonalPasswordForm', () => {
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
    expect(view.queryClient.getQueryData<Profile>(profileQueryKey)?.must_change_password).toBe(false);
    expect(screen.getByText('Your personal password has been set.')).toBeTruthy();
  });
});
