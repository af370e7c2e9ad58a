import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildProfile } from '../../../test/profile-fixture.js';
import { renderApp } from '../../../test/render-app.js';
import { serveSettings } from './settings-fixtures.js';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('/admin/settings', () => {
  it('opens on General with General, Audit Log and Billing, and Owner Actions for the owner', async () => {
    serveSettings();
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    await screen.findByRole('tab', { name: 'Owner Actions' });
    expect(tabNames()).toEqual(['General', 'Audit Log', 'Billing', 'Owner Actions']);
    expect(selected()).toBe('General');
    const panel = screen.getByRole('tabpanel', { name: 'General' });
    expect(within(panel).getByRole('heading', { name: 'Reshare Missing Keys' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Auto Logout' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Import secrets' }).getAttribute('href')).toBe('/import');
  });

  it('shows a loading indicator while the owner check runs, then no Owner Actions once ownership moved', async () => {
    let profileAnswer: Promise<{ body: unknown }> | null = null;
    let answer: (value: { body: unknown }) => void = () => undefined;
    serveSettings({
      extra: {
        'GET /api/v1/profile.json': () =>
          profileAnswer ?? { body: buildProfile({ administrator: true, owner_id: 'u-1' }) },
      },
    });
    const { router } = renderApp('/admin/settings');
    await screen.findByRole('tab', { name: 'Owner Actions' });
    await act(() => router.navigate('/profile'));
    await screen.findByRole('heading', { name: 'Account Settings' });
    // Ownership moves in another browser; the next screen asks the profile again.
    profileAnswer = new Promise((resolve) => (answer = resolve));
    await act(() => router.navigate('/admin/settings'));
    const checking = await screen.findByText('Checking owner…');
    expect(checking.getAttribute('role')).toBe('status');
    act(() => answer({ body: buildProfile({ administrator: true, owner_id: 'u-2' }) }));
    await waitFor(() => expect(screen.queryByText('Checking owner…')).toBeNull());
    expect(tabNames()).toEqual(['General', 'Audit Log', 'Billing']);
  });

  it('drops Owner Actions when the tab is shown again after ownership moved', async () => {
    let ownerId = 'u-1';
    serveSettings({
      extra: {
        'GET /api/v1/profile.json': () => ({
          body: buildProfile({ administrator: true, owner_id: ownerId }),
        }),
      },
    });
    renderApp('/admin/settings');
    await screen.findByRole('tab', { name: 'Owner Actions' });
    ownerId = 'u-2';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(tabNames()).toEqual(['General', 'Audit Log', 'Billing']));
  });

  it('shows no Owner Actions to another administrator', async () => {
    serveSettings({ profile: { id: 'u-2' } });
    renderApp('/admin/settings');
    await screen.findByRole('tab', { name: 'Billing' });
    expect(tabNames()).toEqual(['General', 'Audit Log', 'Billing']);
  });

  it('opens on Billing when the navigation state says it came from the plans page', async () => {
    serveSettings();
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Account Settings' });
    await act(() => router.navigate('/admin/settings', { state: { fromPlans: true } }));
    await screen.findByRole('tab', { name: 'Billing' });
    expect(selected()).toBe('Billing');
    expect(screen.getByRole('tabpanel', { name: 'Billing' })).toBeTruthy();
  });

  it('moves between sections with Down and Up, staying at the ends', async () => {
    serveSettings();
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await screen.findByRole('tab', { name: 'Owner Actions' });
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe('Audit Log');
    await screen.findByRole('table', { name: 'Audit Log' });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selected()).toBe('Owner Actions');
    await user.keyboard('{ArrowUp}');
    expect(selected()).toBe('Billing');
    // From a tab, focus follows the section.
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Audit Log' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Owner Actions' }));
  });
});
