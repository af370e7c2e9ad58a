import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { MissingKeysNotice, RESHARE_STARTED } from './missing-keys-notice.js';

const reshare = vi.hoisted(() => vi.fn());
vi.mock('../../crypto-client/reshare-keys.js', () => ({ reshareMissingKeys: reshare }));

function renderNotice(administrator: boolean, missingTotals: number[]) {
  localStorage.setItem('token', 'token-1');
  const totals = [...missingTotals];
  const calls = mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile({ id: 'u-admin', administrator }) },
    'GET /api/v1/secret_keys/reshare_all.json': () => ({
      body: { keyshare: [], total: totals.shift() ?? 0 },
    }),
  });
  renderApp('/', { signedIn: [{ path: '/', element: <MissingKeysNotice /> }] });
  return calls;
}

describe('missing keys notice', () => {
  beforeEach(() => reshare.mockReset());

  it('tells an administrator how many keys are missing and shares them on request', async () => {
    reshare.mockResolvedValueOnce({ missing: 3, shared: 3, failed: 0 });
    renderNotice(true, [3, 0]);
    expect(
      await screen.findByText('3 secret keys are missing for colleagues who were given access.'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reshare Missing Keys' }));
    expect(await screen.findByText(RESHARE_STARTED)).toBeTruthy();
    expect(await screen.findByText('3 missing keys shared.')).toBeTruthy();
    expect(reshare).toHaveBeenCalledWith('u-admin');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reshare Missing Keys' })).toBeNull());
  });

  it('shows nothing to a user who is not an administrator, and does not ask the server', async () => {
    const calls = renderNotice(false, [3]);
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/v1/profile'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Reshare Missing Keys' })).toBeNull();
    expect(calls.some((call) => call.path.includes('/api/v1/secret_keys/'))).toBe(false);
    expect(reshare).not.toHaveBeenCalled();
  });
});
