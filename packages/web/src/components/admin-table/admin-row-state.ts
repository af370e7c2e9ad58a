import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What an admin list shows: the contexts of the top bar's toggles, and the deleted secrets. */
export type AdminContext = 'chests' | 'secrets' | 'deleted' | 'teams' | 'users';

/**
 * What a row click carries to the next screen (spec section 2): the row, the context it was clicked
 * in and the path to go back to.
 */
export interface AdminRowState<T> {
  row: T;
  context: AdminContext;
  /** The path to go back to ('' when unknown: the screen's own fallback). */
  from: string;
  /** The state of the screen at `from`, so going back finds it as it was (its row, its own way back). */
  fromState?: unknown;
}

/** The row a screen was opened with, or null (a reload in a new tab, a typed address). */
export function readAdminRowState<T extends { id: string }>(state: unknown): AdminRowState<T> | null {
  if (typeof state !== 'object' || state === null) return null;
  const { row, context, from, fromState } = state as Partial<AdminRowState<T>>;
  if (typeof row !== 'object' || row === null || typeof row.id !== 'string') return null;
  return {
    row,
    context: context ?? 'chests',
    // Only same-app paths: a crafted state must not send anyone elsewhere.
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '',
    fromState,
  };
}

/**
 * Navigates to an admin screen with a row, its context and the current path and state (to come
 * back to exactly this screen).
 */
export function useOpenAdminRow() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    <T>(path: string, row: T, context: AdminContext) => {
      const state: AdminRowState<T> = {
        row,
        context,
        from: `${location.pathname}${location.search}`,
        fromState: location.state,
      };
      void navigate(path, { state });
    },
    [navigate, location],
  );
}

/** Goes back to the screen a row was opened from (Esc, Back), else to `fallback`. */
export function useAdminBack(state: AdminRowState<unknown> | null, fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (state?.from) void navigate(state.from, { state: state.fromState });
    else void navigate(fallback);
  }, [navigate, state, fallback]);
}
