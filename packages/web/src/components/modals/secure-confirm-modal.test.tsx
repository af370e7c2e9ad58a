import { CryptoError } from '@coffer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deriveCurrentKeys } from '../../keys/account-rekey.js';
import type { FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { ModalHost } from './modal-host.js';
import { openSecureConfirm } from './secure-confirm-modal.js';

// Deriving at 600,000 iterations is real work; here the derivation is a stand-in that tells which
// password and account it was given, so the test sees what reached the server.
vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (record: { email: string }, password: string) => ({
    authHash: `hash(${record.email}:${password})`,
  })),
}));

const TITLE = 'Are you sure you want to disable 2FA?';
const SUBTEXT = 'This will allow anybody with your account password to access the account.';
const RIGHT = 'correct horse battery staple';

function open(server: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({
    'POST /api/v1/users/verify_password.json': (call: FetchCall) => ({
      body: { valid: JSON.parse(String(call.init.body)).password === `hash(ada@example.com:${RIGHT})` },
    }),
    ...server,
  });
  // As in the app, the modal host sits inside the query client (the password proof is a mutation).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModalHost />
    </QueryClientProvider>,
  );
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = openSecureConfirm({
      title: TITLE,
      subtext: SUBTEXT,
      confirmLabel: 'Disable',
      danger: true,
      account: buildProfile(),
    });
  });
  const dialog = screen.getByRole('dialog', { name: TITLE });
  return { calls, dialog, answer: () => answer, user: userEvent.setup() };
}

describe('SecureConfirm', () => {
  it('shows the spec texts, a password field with focus, and waits for a password', () => {
    const { dialog, calls } = open();
    expect(within(dialog).getByText(SUBTEXT)).toBeTruthy();
    const field = within(dialog).getByLabelText('Password');
    expect(field.getAttribute('type')).toBe('password');
    expect(document.activeElement).toBe(field);
    expect(within(dialog).getByRole('button', { name: 'Disable' })).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(0);
  });

  it("says 'Password entered is incorrect.' for a wrong password and stays open", async () => {
    const { dialog, calls, user } = open();
    await user.type(within(dialog).getByLabelText('Password'), 'not my password{Enter}');
    expect(await within(dialog).findByText('Password entered is incorrect.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/users/verify_password.json']);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeTruthy();
  });

  it('derives the auth hash in the browser from the account and the password, then answers true', async () => {
    const { dialog, calls, user, answer } = open();
    await user.type(within(dialog).getByLabelText('Password'), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await expect(answer()).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(vi.mocked(deriveCurrentKeys)).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com' }),
      RIGHT,
    );
    // Only the derived hash leaves the browser, never the password.
    const sent = String(calls[0]?.init.body);
    expect(JSON.parse(sent)).toEqual({ password: `hash(ada@example.com:${RIGHT})` });
    expect(sent.replace(`hash(ada@example.com:${RIGHT})`, '')).not.toContain(RIGHT);
  });

  it('answers false on Cancel, without asking the server', async () => {
    const { dialog, calls, user, answer } = open();
    await user.type(within(dialog).getByLabelText('Password'), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(answer()).resolves.toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('answers false on Esc', async () => {
    const { calls, user, answer } = open();
    await user.keyboard('{Escape}');
    await expect(answer()).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal (a rate limit) instead of a wrong-password message", async () => {
    const { dialog, user } = open({
      'POST /api/v1/users/verify_password.json': {
        status: 429,
        body: { errors: ['Too many attempts. Please wait a few minutes and try again.'] },
      },
    });
    await user.type(within(dialog).getByLabelText('Password'), `${RIGHT}{Enter}`);
    expect(
      await within(dialog).findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Password entered is incorrect.')).toBeNull();
  });

  it('refuses to derive with weak iterations and sends nothing', async () => {
    vi.mocked(deriveCurrentKeys).mockRejectedValueOnce(new CryptoError('iterations-too-low'));
    const { dialog, calls, user } = open();
    await user.type(within(dialog).getByLabelText('Password'), `${RIGHT}{Enter}`);
    expect(await within(dialog).findByText(/weaker password protection/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
