import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { dropCachedAnswers } from '../api/session-cache.js';
import { useInactivityLogout } from '../components/inactivity/use-inactivity-logout.js';
import { ModalHost } from '../components/modals/modal-host.js';
import { NotificationHost } from '../components/notifications/notification-host.js';
import { sessionCleared } from '../lib/clear-session.js';
import { useStore } from '../lib/create-store.js';
import { closeAllModals, modalStore } from '../lib/modal-store.js';
import { useRouteHandle } from '../navigation/route-handle.js';
import { ShortcutHelpPanel } from '../shortcuts/shortcut-help-panel.js';
import { useShortcutDispatcher } from '../shortcuts/use-shortcut-dispatcher.js';
import { useShortcuts } from '../shortcuts/use-shortcuts.js';
import { useThemeSync } from '../theme/use-theme.js';
import { globalShortcuts } from './global-shortcuts.js';
import { useProfileFreshness } from './use-profile-freshness.js';
import { useSessionExpiryRedirect } from './use-session-expiry-redirect.js';

/**
 * The root route element: mounts the app-wide machinery once (keyboard dispatcher, global
 * shortcuts, theme, session expiry, the profile's freshness) and the hosts for modals, notifications and shortcut help.
 */
export function RootLayout() {
  const { title, notificationPlacement } = useRouteHandle();
  const modalOpen = useStore(modalStore, (stack) => stack.length > 0);
  useShortcutDispatcher();
  useShortcuts(globalShortcuts, 'global');
  useThemeSync();
  useSessionExpiryRedirect();
  useProfileFreshness();
  useInactivityLogout();
  useSessionEndCleanup();
  useEffect(() => {
    document.title = title ? `${title} · Coffer` : 'Coffer';
  }, [title]);

  return (
    <>
      <div className="app-shell" inert={modalOpen}>
        <Outlet />
      </div>
      {notificationPlacement === 'header' ? null : <NotificationHost variant="floating" />}
      <ShortcutHelpPanel />
      <ModalHost />
    </>
  );
}

// Whatever ends the session (logout, expiry, a 401 on the profile), no dialog or cached data outlives it.
function useSessionEndCleanup(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      sessionCleared.subscribe(() => {
        closeAllModals();
        dropCachedAnswers(queryClient);
      }),
    [queryClient],
  );
}
