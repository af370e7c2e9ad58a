import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { renderApp } from '../test/render-app.js';
import { useShortcuts } from './use-shortcuts.js';

function TeamsScreen() {
  useShortcuts([{ id: 'teams.new', keys: 'Shift+N', description: 'Add a team', run: () => undefined }]);
  return <p>Teams screen</p>;
}

const rowOpened = vi.fn();

// A screen whose row key needs a focused row (there is none here).
function RowsScreen() {
  useShortcuts([
    {
      id: 'rows.open',
      keys: 'Enter',
      description: 'Open the selected row',
      alwaysListed: true,
      when: () => false,
      run: rowOpened,
    },
  ]);
  return <p>Rows screen</p>;
}

const screens = {
  signedIn: [
    { path: '/admin/teams', element: <TeamsScreen /> },
    { path: '/', element: <p>Dashboard screen</p> },
  ],
};

function signInAsAdministrator() {
  localStorage.setItem('token', 'tok');
  mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile({ administrator: true }) } });
}

function pressShiftH() {
  fireEvent.keyDown(window, { key: 'H', code: 'KeyH', shiftKey: true });
}

function listedDescriptions(): string[] {
  const panel = screen.getByRole('region', { name: 'Keyboard shortcuts' });
  return within(panel)
    .getAllByRole('definition')
    .map((item) => item.textContent ?? '');
}

describe('the shortcut help panel', () => {
  it("lists the admin route's shortcuts, including the screen's own", async () => {
    signInAsAdministrator();
    renderApp('/admin/teams', screens);
    await screen.findByText('Back to dashboard');
    pressShiftH();
    expect(listedDescriptions()).toEqual([
      'Add a team',
      'Account settings',
      'Log out',
      'Show keyboard shortcuts',
      'Back to dashboard',
    ]);
  });

  it('lists other shortcuts on the dashboard', async () => {
    signInAsAdministrator();
    renderApp('/', screens);
    await screen.findByText('Admin');
    pressShiftH();
    expect(listedDescriptions()).toEqual([
      'Account settings',
      'Log out',
      'Show keyboard shortcuts',
      'Go to the admin area',
    ]);
  });

  it('lists a row key that needs a focused row, without letting it fire elsewhere', async () => {
    rowOpened.mockClear();
    signInAsAdministrator();
    renderApp('/rows', { signedIn: [{ path: '/rows', element: <RowsScreen /> }] });
    await screen.findByText('Rows screen');
    pressShiftH();
    expect(listedDescriptions()).toContain('Open the selected row');
    fireEvent.keyDown(window, { key: 'Enter', code: 'Enter' });
    expect(rowOpened).not.toHaveBeenCalled();
  });

  it('hides itself 10 seconds after Shift+H', async () => {
    signInAsAdministrator();
    renderApp('/', screens);
    await screen.findByText('Dashboard screen');
    vi.useFakeTimers();
    pressShiftH();
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).toBeNull();
  });

  it('opens and closes from the footer button', async () => {
    renderApp('/somewhere', {});
    // The lazy catch-all screen must be in place first, as a person would see it before clicking.
    await screen.findByText('Unknown route: /somewhere');
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('region', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(listedDescriptions()).toEqual(['Show keyboard shortcuts']);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).toBeNull();
  });
});
