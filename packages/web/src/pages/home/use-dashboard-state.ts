import { SEARCH_DEBOUNCE_MS, TAB_SWITCH_MS } from '@coffer/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchReset } from '../../components/layout/search-reset-event.js';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/local-storage.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';

/** The dashboard's two tabs. */
export type DashboardTab = 'secrets' | 'chests';

/** What the detail side shows: nothing, a secret, the new-secret form, or the edit form. */
export type DashboardPanel =
  | { kind: 'none' }
  | { kind: 'view'; id: string; vaultId: string; addressed?: true }
  | { kind: 'new'; vaultId?: string }
  | { kind: 'edit'; id: string };

const NO_PANEL: DashboardPanel = { kind: 'none' };

/** The viewer of a secret named by the address (/secrets/<id>): its chest is not known until it opens. */
export function addressedPanel(id: string): DashboardPanel {
  return { kind: 'view', id, vaultId: '', addressed: true };
}

/**
 * The dashboard's state and its transitions (spec sections 2 and 4); `addressedId` opens with that
 * secret's viewer (the address /secrets/<id>).
 */
export function useDashboardState(addressedId?: string) {
  const [chestId, setChestId] = useState<string | null>(() => readStorage(STORAGE_KEYS.lastChest));
  const [tab, setTab] = useState<DashboardTab>(chestId ? 'chests' : 'secrets');
  const [shownTab, setShownTab] = useState<DashboardTab>(tab);
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [open, setOpen] = useState(true);
  const [panel, setPanel] = useState<DashboardPanel>(() =>
    addressedId === undefined ? NO_PANEL : addressedPanel(addressedId),
  );
  // The search applies after 2 s of no typing; emptying the box applies at once.
  const filter = useDebouncedValue(query, SEARCH_DEBOUNCE_MS, (value) => value === '');

  // Spec section 4: the tab's content switches after 250 ms.
  useEffect(() => {
    if (tab === shownTab) return;
    const timer = setTimeout(() => setShownTab(tab), TAB_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [tab, shownTab]);

  // "Searching clears the viewed secret."
  const appliedFilter = useRef(filter);
  useEffect(() => {
    if (appliedFilter.current === filter) return;
    appliedFilter.current = filter;
    setPanel((current) => (current.kind === 'view' ? NO_PANEL : current));
  }, [filter]);

  const leaveChest = useCallback(() => {
    removeStorage(STORAGE_KEYS.lastChest);
    setChestId(null);
  }, []);

  // The header logo: the search box empties, the last chest is forgotten (the logo removed it from storage).
  useSearchReset(() => {
    setQuery('');
    setChestId(null);
    setPanel(NO_PANEL);
  });

  return {
    tab,
    shownTab,
    switching: tab !== shownTab,
    query,
    filter,
    showAll,
    open,
    panel,
    chestId,
    selectTab: setTab,
    setQuery,
    setShowAll,
    setOpen,
    openChest: (id: string) => {
      writeStorage(STORAGE_KEYS.lastChest, id);
      setChestId(id);
      setOpen(true);
    },
    leaveChest,
    showSecret: (id: string, vaultId: string) => setPanel({ kind: 'view', id, vaultId }),
    showAddressed: useCallback((id: string) => setPanel(addressedPanel(id)), []),
    newSecret: (vaultId?: string) => setPanel(vaultId ? { kind: 'new', vaultId } : { kind: 'new' }),
    editSecret: (id: string) => setPanel({ kind: 'edit', id }),
    closePanel: useCallback(() => setPanel(NO_PANEL), []),
  };
}

/** The dashboard state as components receive it. */
export type DashboardState = ReturnType<typeof useDashboardState>;
