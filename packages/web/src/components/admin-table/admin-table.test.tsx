import type { Chest } from '@coffer/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useChestList } from '../../api/vaults-queries.js';
import { useShortcutDispatcher } from '../../shortcuts/use-shortcut-dispatcher.js';
import { installFakeIntersectionObserver } from '../../test/fake-intersection-observer.js';
import type { FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { AdminTable, MORE_FAILED_MESSAGE } from './admin-table.js';
import type { AdminColumn } from './admin-table-types.js';
import { BubbleCell } from './bubble-cell.js';
import { toTableList } from './table-list.js';
import { useTableSort } from './table-sort.js';

const chest = (index: number, overrides: Partial<Chest> = {}): Chest => ({
  id: `c-${index}`,
  name: `Chest ${String(index).padStart(2, '0')}`,
  secret_count: index,
  created_at: '',
  updated_at: '',
  teams: [],
  ...overrides,
});

const params = (call: FetchCall) => new URL(call.path, 'http://localhost').searchParams;
const listCalls = (calls: FetchCall[]) => calls.filter((call) => call.path.startsWith('/api/v1/vaults.json'));

/** A fake chest list: sorts by `order`, pages by `offset`; `answer` may override a page. */
function serveChests(
  rows: Chest[],
  answer?: (call: FetchCall, offset: number) => { status: number; body?: unknown } | null,
) {
  return mockFetch({
    'GET /api/v1/vaults.json': (call) => {
      const offset = Number(params(call).get('offset') ?? '0');
      const special = answer?.(call, offset);
      if (special) return special;
      const [key, direction] = (params(call).get('order') ?? 'name asc').split(' ');
      const sorted = [...rows].sort((a, b) => {
        const left = key === 'secret_count' ? a.secret_count : a.name;
        const right = key === 'secret_count' ? b.secret_count : b.name;
        const order = left < right ? -1 : left > right ? 1 : 0;
        return direction === 'desc' ? -order : order;
      });
      return { body: { items: sorted.slice(offset, offset + 20), total: rows.length } };
    },
  });
}

interface HarnessProps {
  onOpen?: (chest: Chest) => void;
  onOpenTeam?: (id: string) => void;
  onRemoveTeam?: (id: string) => void;
  popularity?: (chest: Chest) => number;
}

function ChestTable({
  onOpen = vi.fn(),
  onOpenTeam = vi.fn(),
  onRemoveTeam = vi.fn(),
  popularity,
}: HarnessProps) {
  useShortcutDispatcher();
  const sort = useTableSort();
  const query = useChestList({ everything: true, options: ['teams'], order: sort.order });
  const columns: AdminColumn<Chest>[] = [
    { id: 'name', label: 'Name', width: 40, sortKey: 'name', cell: (row) => row.name },
    { id: 'secrets', label: 'Secrets', width: 20, sortKey: 'secret_count', cell: (row) => row.secret_count },
    {
      id: 'teams',
      label: 'Teams',
      width: 35,
      interactive: true,
      cell: (row) => (
        <BubbleCell
          noun={['team', 'teams']}
          bubbles={(row.teams ?? []).map((team) => ({
            id: team.id,
            label: team.name,
            onOpen: () => onOpenTeam(team.id),
            onRemove: () => onRemoveTeam(team.id),
          }))}
        />
      ),
    },
  ];
  return (
    <AdminTable
      label="Chests"
      noun="Chests"
      columns={columns}
      list={toTableList(query)}
      sort={sort}
      rowKey={(row) => row.id}
      rowName={(row) => row.name}
      onOpen={onOpen}
      menuFor={(row) => [{ label: 'Edit Chest', onSelect: () => onOpen(row) }]}
      {...(popularity ? { popularity } : {})}
    />
  );
}

function renderTable(props: HarnessProps = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChestTable {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const table = () => screen.getByRole('table', { name: 'Chests' });
const shownNames = () =>
  within(table())
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.admin-table__name-text')?.textContent ?? '');
// Lets any request a scroll would have started reach the fake server.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const many = (count: number) => Array.from({ length: count }, (_, index) => chest(index + 1));

describe('the admin table: sorting', () => {
  it('sorts by a header: ascending, then descending, then unsorted (the server default)', async () => {
    const calls = serveChests([
      chest(1, { name: 'Beta' }),
      chest(2, { name: 'Alpha' }),
      chest(3, { name: 'Gamma' }),
    ]);
    const user = renderTable();
    await screen.findByText('Alpha');
    const header = screen.getByRole('columnheader', { name: /Secrets/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(params(listCalls(calls)[0] as FetchCall).has('order')).toBe(false);

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(shownNames()).toEqual(['Beta', 'Alpha', 'Gamma']));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(params(listCalls(calls).at(-1) as FetchCall).get('order')).toBe('secret_count asc');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(shownNames()).toEqual(['Gamma', 'Alpha', 'Beta']));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(params(listCalls(calls).at(-1) as FetchCall).get('order')).toBe('secret_count desc');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(shownNames()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(params(listCalls(calls).at(-1) as FetchCall).has('order')).toBe(false);
  });

  it('starts another column ascending', async () => {
    const calls = serveChests(many(3));
    const user = renderTable();
    await screen.findByText('Chest 01');
    await user.click(screen.getByRole('button', { name: /^Secrets/ }));
    await user.click(screen.getByRole('button', { name: /^Secrets/ }));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as FetchCall).get('order')).toBe('name asc'));
    expect(screen.getByRole('columnheader', { name: /Secrets/ }).getAttribute('aria-sort')).toBe('none');
  });
});

describe('the admin table: paging', () => {
  it('shows 20 rows, then 20 more each time the end scrolls into view, until the total', async () => {
    const observer = installFakeIntersectionObserver();
    const calls = serveChests(many(45));
    renderTable();
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    act(() => observer.scrollToEnd());
    await waitFor(() => expect(shownNames()).toHaveLength(40));
    act(() => observer.scrollToEnd());
    await waitFor(() => expect(shownNames()).toHaveLength(45));
    act(() => observer.scrollToEnd());
    await settle();
    expect(listCalls(calls).map((call) => params(call).get('offset'))).toEqual(['0', '20', '40']);
    expect(params(listCalls(calls)[0] as FetchCall).get('limit')).toBe('20');
  });

  it('keeps the offset when a page fails: nothing more loads by itself, Try again asks for the same rows', async () => {
    const observer = installFakeIntersectionObserver();
    let failures = 1;
    const calls = serveChests(many(45), (_call, offset) =>
      offset === 20 && failures-- > 0 ? { status: 500 } : null,
    );
    const user = renderTable();
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    act(() => observer.scrollToEnd());
    expect(await screen.findByText(MORE_FAILED_MESSAGE)).toBeTruthy();
    expect(shownNames()).toHaveLength(20);
    act(() => observer.scrollToEnd());
    await settle();
    expect(listCalls(calls)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shownNames()).toHaveLength(40));
    expect(listCalls(calls).map((call) => params(call).get('offset'))).toEqual(['0', '20', '20']);
    expect(screen.queryByText(MORE_FAILED_MESSAGE)).toBeNull();
  });

  it('stops at an empty page without counting it: the rows and the offset stay', async () => {
    const observer = installFakeIntersectionObserver();
    const calls = serveChests(many(45), (_call, offset) =>
      offset === 20 ? { status: 200, body: { items: [], total: 45 } } : null,
    );
    renderTable();
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    act(() => observer.scrollToEnd());
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Loading more…')).toBeNull());
    act(() => observer.scrollToEnd());
    await settle();
    expect(shownNames()).toHaveLength(20);
    expect(listCalls(calls).map((call) => params(call).get('offset'))).toEqual(['0', '20']);
  });

  it("says 'No Chests Found' when there is nothing", async () => {
    serveChests([]);
    renderTable();
    expect(await screen.findByText('No Chests Found')).toBeTruthy();
  });
});

describe('the admin table: rows', () => {
  it("shows no 'popular' marker below 4 rows", async () => {
    serveChests(many(3));
    renderTable({ popularity: (row) => row.secret_count });
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    expect(screen.queryByText('popular')).toBeNull();
  });

  it("puts the 'popular' marker on the row with the highest score", async () => {
    serveChests([chest(1), chest(2, { secret_count: 9 }), chest(3), chest(4)]);
    renderTable({ popularity: (row) => row.secret_count });
    const marker = await screen.findByText('popular');
    expect(marker.closest('tr')?.textContent).toContain('Chest 02');
    expect(screen.getAllByText('popular')).toHaveLength(1);
  });

  it('opens a row by a click anywhere on it, with the row itself', async () => {
    serveChests(many(2));
    const onOpen = vi.fn();
    const user = renderTable({ onOpen });
    await user.click(await screen.findByText('Chest 02'));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'c-2', name: 'Chest 02' }));
    await user.click(screen.getAllByRole('cell')[1] as HTMLElement);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('walks the rows with the arrows, opens with Enter and the menu with Right', async () => {
    serveChests(many(3));
    const onOpen = vi.fn();
    const user = renderTable({ onOpen });
    await screen.findByText('Chest 03');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Chest 01');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Chest 02');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'c-2' }));
    await user.keyboard('{ArrowRight}');
    const menu = await screen.findByRole('menu', { name: 'Options for Chest 02' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem')));
  });

  it('opens a row menu above the row when clicked in the lowest 30% of the window', async () => {
    serveChests(many(2));
    renderTable();
    await screen.findByText('Chest 02');
    const height = window.innerHeight;
    const button = screen.getByRole('button', { name: 'Options for Chest 01' });
    fireEvent.click(button, { clientY: Math.round(height * 0.2), detail: 1 });
    expect(screen.getByRole('menu').className).not.toContain('row-menu__list--above');
    fireEvent.click(button, { clientY: Math.round(height * 0.2), detail: 1 });
    fireEvent.click(button, { clientY: Math.round(height * 0.75), detail: 1 });
    expect(screen.getByRole('menu').className).toContain('row-menu__list--above');
  });
});

describe('bubble cells', () => {
  const bubbles = (count: number, onOpen = vi.fn(), onRemove = vi.fn()) =>
    Array.from({ length: count }, (_, index) => ({
      id: `t-${index + 1}`,
      label: `Team ${index + 1}`,
      onOpen: () => onOpen(`t-${index + 1}`),
      onRemove: () => onRemove(`t-${index + 1}`),
    }));

  it('shows one bubble that opens its item, with a cross that removes it', async () => {
    const onOpen = vi.fn();
    const onRemove = vi.fn();
    render(<BubbleCell noun={['team', 'teams']} bubbles={bubbles(1, onOpen, onRemove)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Team 1' }));
    expect(onOpen).toHaveBeenCalledWith('t-1');
    await user.click(screen.getByRole('button', { name: 'Remove Team 1' }));
    expect(onRemove).toHaveBeenCalledWith('t-1');
  });

  it('shows a count that opens a dropdown of bubbles, each opening or removing its item', async () => {
    const onOpen = vi.fn();
    const onRemove = vi.fn();
    render(<BubbleCell noun={['team', 'teams']} bubbles={bubbles(3, onOpen, onRemove)} />);
    const user = userEvent.setup();
    const count = screen.getByRole('button', { name: '3 teams' });
    expect(count.getAttribute('aria-expanded')).toBe('false');
    await user.click(count);
    const list = screen.getByRole('list', { name: 'teams' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(list).getByRole('button', { name: 'Team 3' }));
    expect(onOpen).toHaveBeenCalledWith('t-3');
    await user.click(within(list).getByRole('button', { name: 'Remove Team 2' }));
    expect(onRemove).toHaveBeenCalledWith('t-2');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'teams' })).toBeNull();
  });

  it('shows a dash without items, and bubbles without a cross when nothing may be removed', () => {
    const { unmount } = render(<BubbleCell noun={['team', 'teams']} bubbles={[]} />);
    expect(screen.getByText('—')).toBeTruthy();
    unmount();
    render(<BubbleCell noun={['chest', 'chests']} bubbles={[{ id: 'c', label: 'Ops', onOpen: vi.fn() }]} />);
    expect(screen.queryByRole('button', { name: 'Remove Ops' })).toBeNull();
  });

  it('keeps clicks in a bubble cell from opening the row', async () => {
    serveChests([chest(1, { teams: [{ id: 't-1', name: 'Ops' }] })]);
    const onOpen = vi.fn();
    const onOpenTeam = vi.fn();
    const user = renderTable({ onOpen, onOpenTeam });
    await user.click(await screen.findByRole('button', { name: 'Ops' }));
    expect(onOpenTeam).toHaveBeenCalledWith('t-1');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
