import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import {
  SECRET_ADDRESS_NOT_FOUND_MESSAGE,
  SECRET_KEY_NOT_FOUND_MESSAGE,
  SecretAccessError,
} from '../../crypto-client/secret-access-error.js';
import { secretAddress } from '../../navigation/paths.js';
import { renderApp } from '../../test/render-app.js';
import { secretRow, serveDashboard } from './dashboard-fixtures.js';

vi.mock('../../crypto-client/open-secret-record.js', () => ({ openSecretRecord: vi.fn() }));
vi.mock('../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

// Secret ids are UUIDs (the client makes them): the address takes nothing else.
const READABLE = '0b7e5a52-3c1d-4f6e-9a8b-1c2d3e4f5a6b';
const UNREADABLE = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

beforeEach(() => {
  vi.mocked(openSecretRecord).mockReset();
  vi.mocked(openSecretRecord).mockImplementation(async (id: string) => {
    // What the crypto client throws for the server's 404 (a missing secret, another's, a missing key).
    if (id !== READABLE) throw new SecretAccessError('not-found', SECRET_KEY_NOT_FOUND_MESSAGE);
    return {
      secret: {
        ...secretRow(7, { id: READABLE, name: 'Payroll portal' }),
        revision: 1,
        encrypted_data: '',
        encryption_iv: '',
        secret_key: null,
      },
      payload: { username: 'payroll-admin', password: 'pw', url: '', note: '' },
      header: { verified: false },
    };
  });
});

const viewer = () => screen.getByRole('region', { name: /Payroll portal|Secret/ });

describe('the address of one secret (/secrets/<id>)', () => {
  it('opens the dashboard with that secret in the viewer', async () => {
    serveDashboard({ secrets: [secretRow(1)] });
    const { router } = renderApp(secretAddress(READABLE));
    expect(await screen.findByRole('heading', { name: 'Payroll portal' })).toBeTruthy();
    expect(within(viewer()).getByText('payroll-admin')).toBeTruthy();
    // The dashboard's list is there beside it.
    expect(await screen.findByText('Secret 01')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/secrets/${READABLE}`);
    expect(vi.mocked(openSecretRecord)).toHaveBeenCalledWith(READABLE, 'u-1', expect.any(AbortSignal));
  });

  it('goes back to / when the viewer closes, without a history entry, keeping the dashboard', async () => {
    serveDashboard({ secrets: [secretRow(1)] });
    const user = userEvent.setup();
    const { router } = renderApp(secretAddress(READABLE));
    await screen.findByRole('heading', { name: 'Payroll portal' });
    const list = await screen.findByRole('list', { name: 'Secrets' });
    await user.click(within(viewer()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: 'Payroll portal' })).toBeNull();
    // Same dashboard, not a new one: the list element was kept.
    expect(screen.getByRole('list', { name: 'Secrets' })).toBe(list);
  });

  it('goes back to / when another secret is chosen from the list', async () => {
    serveDashboard({ secrets: [secretRow(1)] });
    const user = userEvent.setup();
    const { router } = renderApp(secretAddress(READABLE));
    await screen.findByRole('heading', { name: 'Payroll portal' });
    await user.click(await screen.findByText('Secret 01'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(vi.mocked(openSecretRecord)).toHaveBeenLastCalledWith('s-1', 'u-1', expect.any(AbortSignal));
  });

  it('says the secret does not exist or cannot be read, in the viewer, telling neither apart', async () => {
    serveDashboard({ secrets: [secretRow(1)] });
    const { router } = renderApp(secretAddress(UNREADABLE));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SECRET_ADDRESS_NOT_FOUND_MESSAGE);
    // It stays: whoever followed the link came for this secret.
    expect(router.state.location.pathname).toBe(`/secrets/${UNREADABLE}`);
    expect(screen.queryByText(SECRET_KEY_NOT_FOUND_MESSAGE)).toBeNull();
  });

  it('answers an id that is not a secret id the same way, without asking the server', async () => {
    const calls = serveDashboard({ secrets: [secretRow(1)] });
    renderApp('/secrets/not-a-secret%3Cscript%3E');
    expect((await screen.findByRole('alert')).textContent).toBe(SECRET_ADDRESS_NOT_FOUND_MESSAGE);
    expect(vi.mocked(openSecretRecord)).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path.includes('not-a-secret'))).toBe(false);
  });

  it('keeps the spec’s reshare notice and closing for a secret opened from the list', async () => {
    serveDashboard({ secrets: [secretRow(1, { id: UNREADABLE, name: 'Gone' })] });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByText('Gone'));
    expect(await screen.findByText(SECRET_KEY_NOT_FOUND_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Secret' })).toBeNull());
  });

  it('sends a visitor to /login remembering the address, so the sign-in returns to it', async () => {
    const { router } = renderApp(secretAddress(READABLE));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: `/secrets/${READABLE}` });
  });

  it('leaves /secrets without an id to the unknown-route screen', async () => {
    serveDashboard();
    renderApp('/secrets');
    expect(await screen.findByText('Unknown route: /secrets')).toBeTruthy();
  });
});
