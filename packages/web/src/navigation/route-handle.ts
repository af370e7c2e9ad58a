import { useMatches } from 'react-router';

/** Where banners show: floating over the page, or as a full-width banner under a header (register pages). */
export type NotificationPlacement = 'floating' | 'header';

/**
 * What a route tells the app shell, through its `handle` in the route table. The deepest route
 * that sets a field wins.
 */
export interface RouteHandle {
  /** Page title, shown as '{title} · Coffer'. */
  title?: string;
  /** A link on the right of the header for visitors (register: 'SIGN IN' to /login). */
  headerLink?: { to: string; label: string };
  /** 'header' shows notifications in a banner under the header (register pages); default floating. */
  notificationPlacement?: NotificationPlacement;
  /** False where the screens fade by themselves (the welcome flow's 500 ms): no page transition. */
  pageTransition?: boolean;
}

/** The merged handle of the current route. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const merged: RouteHandle = {};
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle && typeof handle === 'object') Object.assign(merged, handle);
  }
  return merged;
}
