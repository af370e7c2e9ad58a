import type { RefObject } from 'react';
import { useRowShortcuts } from '../../components/lists/use-row-shortcuts.js';
import { isTypingTarget } from '../../shortcuts/typing-target.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import type { DashboardState } from './use-dashboard-state.js';

// A field of the secret form: Escape first leaves it, the next Escape closes the form.
const inDetailField = () => {
  const active = document.activeElement;
  return (
    isTypingTarget(active) && active instanceof HTMLElement && active.closest('.dashboard__detail') !== null
  );
};

/**
 * The dashboard's keyboard shortcuts (spec section 2), registered while it is mounted so the help
 * panel lists them on this route. The dispatcher ignores them while a field has focus, except Escape
 * leaving the search box.
 */
export function useDashboardShortcuts(
  state: DashboardState,
  searchRef: RefObject<HTMLInputElement | null>,
  can: { add: boolean; edit: (chestId: string) => boolean },
): void {
  useRowShortcuts('dashboard');
  useShortcuts([
    {
      id: 'dashboard.search',
      keys: 'I',
      description: 'Focus the search bar',
      run: () => searchRef.current?.focus(),
    },
    {
      id: 'dashboard.leave-search',
      keys: 'Escape',
      description: 'Leave the search bar',
      allowInInputs: true,
      when: () => document.activeElement === searchRef.current,
      run: () => searchRef.current?.blur(),
    },
    {
      id: 'dashboard.leave-field',
      keys: 'Escape',
      description: 'Leave the field',
      hidden: true,
      allowInInputs: true,
      when: inDetailField,
      run: () => (document.activeElement as HTMLElement | null)?.blur(),
    },
    {
      id: 'dashboard.back',
      keys: 'Escape',
      description: 'Go back (close the secret, then the chest)',
      when: () => state.panel.kind !== 'none' || state.chestId !== null,
      run: () => (state.panel.kind !== 'none' ? state.closePanel() : state.leaveChest()),
    },
    {
      id: 'dashboard.tab-secrets',
      keys: 'Shift+ArrowLeft',
      description: 'Switch to Secrets',
      run: () => state.selectTab('secrets'),
    },
    {
      id: 'dashboard.tab-chests',
      keys: 'Shift+ArrowRight',
      description: 'Switch to Chests',
      run: () => state.selectTab('chests'),
    },
    {
      id: 'dashboard.open',
      keys: 'Shift+ArrowDown',
      description: 'Open the dashboard',
      run: () => state.setOpen(true),
    },
    {
      id: 'dashboard.close',
      keys: 'Shift+ArrowUp',
      description: 'Close the dashboard',
      run: () => state.setOpen(false),
    },
    {
      id: 'dashboard.new-secret',
      keys: 'Shift+N',
      description: 'Add a secret',
      when: () => can.add,
      run: () => state.newSecret(state.chestId ?? undefined),
    },
    {
      id: 'dashboard.edit-secret',
      keys: 'Shift+E',
      description: 'Edit the secret',
      when: () =>
        state.panel.kind === 'view' && (state.panel.vaultId === '' || can.edit(state.panel.vaultId)),
      run: () => {
        if (state.panel.kind === 'view') state.editSecret(state.panel.id);
      },
    },
  ]);
}
