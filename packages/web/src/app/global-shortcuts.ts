import { isAdminPath, paths } from '../navigation/paths.js';
import { showHelpPanelBriefly } from '../shortcuts/help-panel-store.js';
import type { ShortcutDefinition } from '../shortcuts/shortcut-types.js';
import { confirmLogOut } from './confirm-log-out.js';

/** The shortcuts of the app shell (spec section 2); screens add theirs with useShortcuts(). */
export const globalShortcuts: readonly ShortcutDefinition[] = [
  {
    id: 'global.profile',
    keys: 'Shift+/',
    description: 'Account settings',
    when: ({ session }) => session.signedIn,
    run: ({ navigate }) => navigate(paths.profile),
  },
  {
    id: 'global.log-out',
    keys: 'Shift+L',
    description: 'Log out',
    when: ({ session }) => session.signedIn,
    run: ({ queryClient, navigate }) => void confirmLogOut(queryClient, navigate),
  },
  {
    id: 'global.help',
    keys: 'Shift+H',
    description: 'Show keyboard shortcuts',
    run: () => showHelpPanelBriefly(),
  },
  {
    id: 'global.admin',
    keys: 'Shift+A',
    description: 'Go to the admin area',
    when: ({ session, pathname }) => session.isAdministrator && !isAdminPath(pathname),
    run: ({ navigate }) => navigate(paths.admin),
  },
  {
    id: 'global.dashboard',
    keys: 'Shift+D',
    description: 'Back to dashboard',
    routes: [`${paths.admin}/*`],
    when: ({ session }) => session.signedIn,
    run: ({ navigate }) => navigate(paths.home),
  },
];
