import type { Location } from 'react-router';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useToken } from '../api/token-store.js';
import { paths } from '../navigation/paths.js';

/** Location state RequireAuth leaves for the login screen. */
export interface ReturnState {
  /** The path (with query and hash) the visitor tried to open. */
  from: string;
}

/**
 * Layout route element for screens needing a token: without one it redirects to /login and
 * remembers where the visitor was going in the location state `from`.
 */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  if (token) return <Outlet />;
  const state: ReturnState = { from: toPath(location) };
  return <Navigate to={paths.login} replace state={state} />;
}

/** The path the login screen returns to after signing in: the remembered origin, else /. */
export function readReturnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null) return paths.home;
  const { from } = state as Partial<ReturnState>;
  // Only same-app paths: a crafted state must not send the user to another origin.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home;
  return from;
}

function toPath(location: Location): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
