import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ActiveSettingsRowProvider } from '../../../components/settings-rows/active-settings-row.js';
import { notificationStore } from '../../../lib/notification-store.js';
import { renderApp } from '../../../test/render-app.js';
import { AutoLogoutRow } from './auto-logout-row.js';
import { OrganisationNameRow } from './organisation-name-row.js';
import { bodyOf, buildOrganisation, serveSettings } from './settings-fixtures.js';

// The reshare itself (useManualReshare, components/key-trust) is tested with its runner; here it stands in.
const manual = vi.hoisted(() => ({
  state: {
    total: null as number | null,
    sharing: false,
    progress: null as null | { total: number; shared: number; failed: number; waiting: number },
    reshare: vi.fn(async () => undefined),
  },
}));
vi.mock('../../../components/key-trust/use-manual-reshare.js', () => ({
  useManualReshare: () => manual.state,
}));

const notices = () => notificationStore.get().map((notification) => notification.message);

describe('General: Reshare Missing Keys', () => {
  beforeEach(() => {
    manual.state = { total: 0, sharing: false, progress: null, reshare: vi.fn(async () => undefined) };
  });

  it('tells how many keys are missing and reshares on request', async () => {
    manual.state.total = 3;
    serveSettings();
    const user = userEvent.setup();
    renderApp('/admin/settings');
    expect(
      await screen.findByText('3 secret keys are missing for colleagues who were given access.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reshare Missing Keys' }));
    expect(manual.state.reshare).toHaveBeenCalledTimes(1);
  });

  it('shows a progress bar in the row while many keys are being shared, and none for a few', async () => {
    manual.state = {
      total: 1200,
      sharing: true,
      progress: { total: 1200, shared: 500, failed: 0, waiting: 0 },
      reshare: vi.fn(async () => undefined),
    };
    serveSettings();
    const view = renderApp('/admin/settings');
    const bar = await screen.findByRole('progressbar', { name: 'Resharing missing keys' });
    expect(bar.getAttribute('aria-valuenow')).toBe('500');
    expect(bar.getAttribute('aria-valuemax')).toBe('1200');
    expect(screen.getByText('500 of 1,200 keys shared')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reshare Missing Keys' })).toHaveProperty('disabled', true);
    view.unmount();

    manual.state = { ...manual.state, total: 40, progress: { total: 40, shared: 10, failed: 0, waiting: 0 } };
    renderApp('/admin/settings');
    await screen.findByText('40 secret keys are missing for colleagues who were given access.');
    expect(screen.queryByRole('progressbar', { name: 'Resharing missing keys' })).toBeNull();
  });
});

describe('General: Auto Logout', () => {
  it('asks for confirmation, then saves the choice and says so', async () => {
    let stored = buildOrganisation();
    const calls = serveSettings({
      organisation: () => ({ body: stored }),
      extra: {
        'PUT /api/v1/organisation.json': (call) => {
          const { organisation } = bodyOf(call) as { organisation: { inactivity_length: number } };
          stored = { ...stored, ...organisation };
          return { body: stored };
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit Auto Logout' }));
    const select = screen.getByLabelText('Auto Logout');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Never',
      '5 minutes',
      '10 minutes',
      '15 minutes',
      '20 minutes',
      '30 minutes',
      '60 minutes',
      '120 minutes',
    ]);
    expect((select as HTMLSelectElement).value).toBe('10');
    await user.selectOptions(select, '5 minutes');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const confirm = await screen.findByRole('dialog', { name: 'Update the auto logout?' });
    expect(within(confirm).getByText(/after 5 minutes without a click or a key press/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('5 minutes')).toBeTruthy();
    expect(notices()).toContain('Auto logout updated successfully');
    const put = calls.find((call) => call.method === 'PUT' && call.path === '/api/v1/organisation.json');
    expect(bodyOf(put)).toEqual({ organisation: { inactivity_length: 5 } });
    // The profile (this browser's own timer) refetches.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/v1/profile.json').length).toBeGreaterThan(1),
    );
  });

  it('reverts on Cancel, and changes nothing when the confirmation is cancelled', async () => {
    const calls = serveSettings();
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Edit Auto Logout' }));
    await user.selectOptions(screen.getByLabelText('Auto Logout'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect((screen.getByLabelText('Auto Logout') as HTMLSelectElement).value).toBe('-1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('10 minutes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Auto Logout' }));
    expect((screen.getByLabelText('Auto Logout') as HTMLSelectElement).value).toBe('10');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('settings rows', () => {
  it('lets one row be active at once: editing another ends and reverts the first', async () => {
    serveSettings();
    const user = userEvent.setup();
    renderApp('/rows', {
      signedIn: [
        {
          path: '/rows',
          element: (
            <ActiveSettingsRowProvider>
              <div className="settings-rows">
                <OrganisationNameRow />
                <AutoLogoutRow />
              </div>
            </ActiveSettingsRowProvider>
          ),
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Organisation Name' }));
    await user.clear(screen.getByLabelText('Organisation Name'));
    await user.type(screen.getByLabelText('Organisation Name'), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Edit Auto Logout' }));
    expect(screen.queryByLabelText('Organisation Name')).toBeNull();
    expect(screen.getByText('Acme Ltd')).toBeTruthy();
    expect(screen.getByLabelText('Auto Logout')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Organisation Name' }));
    expect((screen.getByLabelText('Organisation Name') as HTMLInputElement).value).toBe('Acme Ltd');
    expect(screen.queryByLabelText('Auto Logout')).toBeNull();
  });
});
