import { sessionCleared } from '../../lib/clear-session.js';
import { createStore, useStore } from '../../lib/create-store.js';
import type { AdminContext } from '../admin-table/admin-row-state.js';

/** What the admin top bar's toggles switch between, per area (spec section 2). */
export interface AdminToggles {
  /** On chest paths: the Chests or the Secrets table. */
  chests: Extract<AdminContext, 'chests' | 'secrets'>;
  /** On team paths: the Teams or the Users table. */
  teams: Extract<AdminContext, 'teams' | 'users'>;
}

/** A search of the top bar: what is typed, and what applies (after the 2000 ms debounce). */
interface AdminSearch {
  text: string;
  applied: string;
}

interface AdminTopBarState {
  toggles: AdminToggles;
  /** Per table ('chests', 'secrets', 'chest-secrets', 'deleted'...), so going back finds its search again. */
  searches: Readonly<Record<string, AdminSearch>>;
}

const INITIAL: AdminTopBarState = { toggles: { chests: 'chests', teams: 'teams' }, searches: {} };

/** The admin top bar's state, shared by the top bar and the screens whose tables it filters. */
export const adminTopBarStore = createStore<AdminTopBarState>(INITIAL);

// A new session starts on the Chests table with empty searches.
sessionCleared.subscribe(() => adminTopBarStore.set(INITIAL));

/** Switches an area's toggle (the Chests/Secrets or Teams/Users buttons, Shift+Left/Right). */
export function setAdminToggle<A extends keyof AdminToggles>(area: A, context: AdminToggles[A]): void {
  adminTopBarStore.set((state) => ({ ...state, toggles: { ...state.toggles, [area]: context } }));
}

/** Records what is typed in a table's search; `applied` too when the search applies now. */
export function setAdminSearch(key: string, change: Partial<AdminSearch>): void {
  adminTopBarStore.set((state) => {
    const current = state.searches[key] ?? { text: '', applied: '' };
    const next = { ...current, ...change };
    if (next.text === current.text && next.applied === current.applied) return state;
    return { ...state, searches: { ...state.searches, [key]: next } };
  });
}

/** The current toggle of an area. */
export function useAdminToggle<A extends keyof AdminToggles>(area: A): AdminToggles[A] {
  return useStore(adminTopBarStore, (state) => state.toggles[area]);
}

/** The filter that applies to a table: the top bar's search once it has settled. */
export function useAdminFilter(key: string): string {
  return useStore(adminTopBarStore, (state) => state.searches[key]?.applied ?? '');
}

/** What is typed in a table's search box. */
export function useAdminSearchText(key: string): string {
  return useStore(adminTopBarStore, (state) => state.searches[key]?.text ?? '');
}
