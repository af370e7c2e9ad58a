import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { installFakeIntersectionObserver } from '../../test/fake-intersection-observer.js';
import { renderApp } from '../../test/render-app.js';
import { chestRow, secretRow, serveDashboard } from './dashboard-fixtures.js';

vi.mock('../../crypto-client/open-secret-record.js', () => ({ openSecretRecord: vi.fn() }));
vi.mock('../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

const twentyFive = Array.from({ length: 25 }, (_, index) => secretRow(index + 1));
const listCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/api/v1/secrets.json'));
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Secrets' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.dashboard-row__name')?.textContent);

beforeEach(() => {
  vi.mocked(openSecretRecord).mockImplementation(async (id: string) => ({
    secret: {
      ...secretRow(Number(id.slice(2))),
      revision: 1,
      encrypted_data: '',
      encryption_iv: '',
      secret_key: null,
    },
    payload: { username: `user-${id}`, password: 'pw', url: '', note: '' },
    header: { verified: false },
  }));
});

describe('home redirects', () => {
  it('sends first-time users to /welcome', async () => {
    serveDashboard({ profile: { first_time: true } });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), { timeout: 4000 });
  });

  it('sends users who must change their password to /profile/personal_password', async () => {
    serveDashboard({ profile: { must_change_password: true } });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/personal_password'));
  });
});

describe('the lists', () => {
  it('loads 20 secrets, then the next page by cursor when the end scrolls into view', async () => {
    const observer = installFakeIntersectionObserver();
    const calls = serveDashboard({ secrets: twentyFive });
    renderApp('/');
    await screen.findByText('Secret 20');
    expect(rowNames()).toHaveLength(20);
    expect(listCalls(calls)[0]?.path).toContain('limit=20');
    act(() => observer.scrollToEnd());
    await screen.findByText('Secret 25');
    expect(rowNames()).toHaveLength(25);
    expect(listCalls(calls)[1]?.path).toContain('cursor=20');
    act(() => observer.scrollToEnd());
    expect(listCalls(calls)).toHaveLength(2);
  });

  it("says 'No Secrets Found' and 'No Chests Found' when empty", async () => {
    serveDashboard({ secrets: [], chests: [] });
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByText('No Secrets Found')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Chests' }));
    expect(await screen.findByText('No Chests Found')).toBeTruthy();
  });

  it('opens a chest, remembers it as lastChest, and shows it again on return', async () => {
    serveDashboard({ secrets: [secretRow(1), secretRow(2, { vault_id: 'c-2' })] });
    const user = userEvent.setup();
    const first = renderApp('/');
    await user.click(await screen.findByRole('tab', { name: 'Chests' }));
    await user.click(await screen.findByRole('button', { name: /^Operations/ }));
    expect(await screen.findByRole('heading', { name: 'Operations' })).toBeTruthy();
    expect(localStorage.getItem('lastChest')).toBe('c-1');
    expect(await screen.findByText('Secret 01')).toBeTruthy();
    expect(screen.queryByText('Secret 02')).toBeNull();
    first.unmount();

    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Operations' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '← Chests' }));
    expect(localStorage.getItem('lastChest')).toBeNull();
  });

  it('shows at most 50 team tags on a chest row, then how many more', async () => {
    const teams = Array.from({ length: 53 }, (_, index) => ({
      id: `t-${index + 1}`,
      name: `Team ${index + 1}`,
    }));
    serveDashboard({ chests: [chestRow('c-1', 'Operations', { teams })] });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('tab', { name: 'Chests' }));
    const row = await screen.findByRole('button', { name: /^Operations/ });
    const tags = row.querySelector('.dashboard-row__detail')?.textContent?.split(' · ') ?? [];
    expect(tags).toEqual(['2 secrets', ...teams.slice(0, 50).map((team) => team.name), '+3 more teams']);
  });

  it('cuts chest names to 40 characters', async () => {
    serveDashboard({ chests: [chestRow('c-1', 'A chest with a very long name that goes on and on')] });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('tab', { name: 'Chests' }));
    expect(await screen.findByText('A chest with a very long name that goes …')).toBeTruthy();
  });
});

describe('the empty detail panel', () => {
  const readOnly = (id: string, name: string) =>
    chestRow(id, name, {
      assignments: [{ id: `a-${id}`, vault_id: id, team_id: 't-ops', edit_access: false }],
    });
  const hint = () => document.querySelector('.dashboard__hint')?.textContent;

  it('tells a member who may add secrets about Shift N', async () => {
    serveDashboard({ secrets: [secretRow(1)] });
    renderApp('/');
    await screen.findByRole('button', { name: 'Add Secret' });
    expect(hint()).toBe('Choose a secret to see it here, or press Shift N to add one.');
  });

  it('tells a read-only member only to choose a secret', async () => {
    serveDashboard({
      secrets: [secretRow(1)],
      chests: [readOnly('c-1', 'Operations'), readOnly('c-2', 'Finance')],
    });
    renderApp('/');
    await screen.findByText('Secret 01');
    await waitFor(() => expect(hint()).toBe('Choose a secret to see it here.'));
    expect(screen.queryByRole('button', { name: 'Add Secret' })).toBeNull();
  });
});

describe('a chest whose secrets fail to load', () => {
  const failingChest = (status: number) =>
    serveDashboard({
      secrets: [secretRow(1)],
      extra: {
        'GET /api/v1/secrets.json': (call) =>
          call.path.includes('vault_id=c-1')
            ? { status, body: { error: 'Something went wrong.' } }
            : { body: { items: [secretRow(1)], total: 1 } },
      },
    });

  it('sends the user to /login, ends the session and forgets the chest (spec section 4)', async () => {
    localStorage.setItem('lastChest', 'c-1');
    const calls = failingChest(401);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('lastChest')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE' && call.path.startsWith('/users/sign_out'))).toBe(
      true,
    );
    expect(
      await screen.findByText("The chest's secrets could not be loaded. Please log in again."),
    ).toBeTruthy();
  });

  it('keeps the session when the answer is not found or refused (the chest is gone or hidden)', async () => {
    localStorage.setItem('lastChest', 'c-1');
    failingChest(404);
    const { router } = renderApp('/');
    expect(await screen.findByText('The list could not be loaded. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

describe('search', () => {
  it('applies after 2 seconds of no typing and clears the viewed secret', async () => {
    const calls = serveDashboard({
      secrets: [secretRow(1, { name: 'Mail' }), secretRow(2, { name: 'Bank' })],
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Mail/ }));
    expect(await screen.findByText('user-s-1')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ban');
    expect(listCalls(calls).some((c) => c.path.includes('filter='))).toBe(false);
    expect(screen.getByText('user-s-1')).toBeTruthy();

    await waitFor(() => expect(screen.queryByText('user-s-1')).toBeNull(), { timeout: 3500 });
    expect(listCalls(calls).at(-1)?.path).toContain('filter=ban');
    expect(await screen.findByText('Bank')).toBeTruthy();
    expect(screen.queryByText('Mail')).toBeNull();
  });

  it('empties the search and forgets the chest when the logo is clicked', async () => {
    localStorage.setItem('lastChest', 'c-1');
    serveDashboard({ secrets: [secretRow(1)] });
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Operations' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'xyz');
    await user.click(screen.getByRole('link', { name: /Coffer/ }));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('heading', { name: 'Operations' })).toBeNull();
    expect(localStorage.getItem('lastChest')).toBeNull();
  });
});
