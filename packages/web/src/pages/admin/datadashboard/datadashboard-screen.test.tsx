import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app.js';
import { ALL_TIME_TEXT } from './all-time-view.js';
import { LOAD_FAILED_TEXT } from './load-error.js';
import { callsTo, card, serveStatistics } from './statistics-fixtures.js';

// The dashboard at /, where the guards send people, would load zxcvbn for its forms.
vi.mock('../../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

const ALL_TIME = '/api/v1/all_time_data_records.json';

const cards = [
  card({ id: 'users_accepted', title: 'Accepted users', stat: 1234, increase: true, percentage: 12 }),
  card({
    id: 'monthly_cost_pence',
    title: 'Monthly cost',
    stat: 12345,
    currency: true,
    increase: false,
    percentage: 5,
  }),
  card({ id: 'chests', title: 'Chests', stat: 3, increase: true, percentage: 0 }),
];

const article = (name: string) => screen.findByRole('article', { name });

describe('/admin/datadashboard: the All time view', () => {
  it('shows a card per figure: the count, money as pounds from pence, the arrow and the percentage', async () => {
    serveStatistics({ allTime: { body: { items: cards, recorded_on: '2026-11-24' } } });
    renderApp('/admin/datadashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All time view' }).getAttribute('aria-selected')).toBe('true');
    const users = await article('Accepted users');
    expect(within(users).getByText('1,234')).toBeTruthy();
    expect(users.textContent).toContain('▲');
    expect(users.textContent).toContain('Up by 12%');

    const cost = await article('Monthly cost');
    expect(within(cost).getByText('£123.45')).toBeTruthy();
    expect(cost.textContent).toContain('▼');
    expect(cost.textContent).toContain('Down by 5%');

    const chests = await article('Chests');
    expect(chests.textContent).toContain('No change');
    expect(chests.textContent).not.toMatch(/[▲▼]/);
    expect(screen.getByText(ALL_TIME_TEXT.recordedOn('2026-11-24'))).toBeTruthy();
    expect(screen.getByText(/Figures of 24\/11\/2026/)).toBeTruthy();
  });

  it('gives a data administrator who is not an administrator the page alone, with the way back', async () => {
    serveStatistics({ allTime: { body: { items: cards, recorded_on: '2026-11-24' } } });
    renderApp('/admin/datadashboard');
    await article('Accepted users');
    // No admin sections, which would only lead to pages refused to them; the header leads back.
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/');
  });

  it('says so when there is no record yet', async () => {
    serveStatistics({ allTime: { body: { items: [], recorded_on: null } } });
    renderApp('/admin/datadashboard');
    expect(await screen.findByText(ALL_TIME_TEXT.empty)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("shows today's figures so far while the organisation has no daily record yet", async () => {
    serveStatistics({ allTime: { body: { items: cards, recorded_on: '2026-11-27', so_far: true } } });
    renderApp('/admin/datadashboard');
    expect(within(await article('Chests')).getByText('3')).toBeTruthy();
    expect(screen.getByText(ALL_TIME_TEXT.soFar('2026-11-27'))).toBeTruthy();
    expect(screen.getByText(/Today's figures so far \(27\/11\/2026\)/)).toBeTruthy();
    expect(screen.queryByText(ALL_TIME_TEXT.empty)).toBeNull();
  });

  it('shows an error when the figures cannot be loaded, and Try again asks once more', async () => {
    let failing = true;
    const calls = serveStatistics({
      allTime: () =>
        failing
          ? { status: 500, body: { error: 'Internal Server Error' } }
          : { body: { items: cards, recorded_on: '2026-11-24' } },
    });
    renderApp('/admin/datadashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOAD_FAILED_TEXT);
    failing = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await article('Monthly cost')).toBeTruthy();
    expect(callsTo(calls, ALL_TIME)).toHaveLength(2);
  });
});

describe('/admin/datadashboard: who may see it (spec sections 2 and 6)', () => {
  it('sends an administrator without the flag to /, the owner too', async () => {
    const calls = serveStatistics({ profile: { id: 'u-1', administrator: true, data_administrator: false } });
    const { router } = renderApp('/admin/datadashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(calls, ALL_TIME)).toHaveLength(0);
  });

  it('sends a member without the flag to /', async () => {
    const calls = serveStatistics({ profile: { administrator: false, data_administrator: false } });
    const { router } = renderApp('/admin/datadashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(calls, ALL_TIME)).toHaveLength(0);
  });

  it('opens the page at /datadashboard (spec section 2) for a data administrator', async () => {
    serveStatistics({ allTime: { body: { items: cards, recorded_on: '2026-11-24', so_far: false } } });
    const { router } = renderApp('/datadashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/datadashboard'));
    expect(await article('Accepted users')).toBeTruthy();
  });

  it('sends anyone else from /datadashboard to /, asking for no figures', async () => {
    const calls = serveStatistics({ profile: { administrator: true, data_administrator: false } });
    const { router } = renderApp('/datadashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(calls, ALL_TIME)).toHaveLength(0);
  });

  it('lets a data administrator who is not an administrator into no other admin page', async () => {
    serveStatistics();
    const { router } = renderApp('/admin/chests');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a first_time data administrator to /welcome, as the rest of the admin area does', async () => {
    serveStatistics({ profile: { first_time: true } });
    const { router } = renderApp('/admin/datadashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });

  it("shows an administrator who holds the flag the page inside the admin area, 'Statistics' among its sections", async () => {
    serveStatistics({
      profile: { administrator: true },
      allTime: { body: { items: cards, recorded_on: '2026-11-24' } },
    });
    renderApp('/admin/datadashboard');
    await article('Accepted users');
    const sections = screen.getByRole('navigation', { name: 'Admin sections' });
    const link = within(sections).getByRole('link', { name: 'Statistics' });
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('leaves Statistics out of the admin sections of an administrator without the flag', async () => {
    serveStatistics({ profile: { administrator: true, data_administrator: false } });
    renderApp('/admin/settings');
    const sections = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(sections).queryByRole('link', { name: 'Statistics' })).toBeNull();
  });
});

describe('the account menu', () => {
  it('leads a data administrator to the statistics', async () => {
    serveStatistics({ allTime: { body: { items: cards, recorded_on: '2026-11-24' } } });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Statistics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/datadashboard'));
    expect(await article('Monthly cost')).toBeTruthy();
  });

  it('has no Statistics item for anyone else', async () => {
    serveStatistics({ profile: { administrator: true, data_administrator: false } });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Statistics' })).toBeNull();
  });
});
