import { paths } from '../../navigation/paths.js';
import type { AdminToggles } from './admin-context-store.js';

/** The sections of the admin area, in the order Shift+Down and Shift+Up move through them. */
export const ADMIN_SECTIONS: readonly { label: string; path: string }[] = [
  { label: 'Chests', path: paths.adminChests },
  { label: 'Teams', path: paths.adminTeams },
  { label: 'Settings', path: paths.adminSettings },
];

/** The section a path lies in (its index in ADMIN_SECTIONS), or -1. */
export function adminSectionIndex(pathname: string): number {
  return ADMIN_SECTIONS.findIndex(
    (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
  );
}

/** The area whose toggles the top bar shows: chest paths, team paths, or neither. */
export type AdminArea = keyof AdminToggles;

/** The toggles of each area: the buttons' labels and what they switch to (spec section 2). */
export const AREA_TOGGLES = {
  chests: {
    list: paths.adminChests,
    options: [
      { context: 'chests', label: 'Chests' },
      { context: 'secrets', label: 'Secrets' },
    ],
  },
  teams: {
    list: paths.adminTeams,
    options: [
      { context: 'teams', label: 'Teams' },
      { context: 'users', label: 'Users' },
    ],
  },
} as const satisfies Record<AdminArea, unknown>;

/** The area of a path: chest paths and team paths have toggles. */
export function adminArea(pathname: string): AdminArea | null {
  if (pathname === paths.adminChests || pathname.startsWith(`${paths.adminChests}/`)) return 'chests';
  if (pathname === paths.adminTeams || pathname.startsWith(`${paths.adminTeams}/`)) return 'teams';
  return null;
}

/** The keys of the tables the top bar's search filters; each keeps its own search. */
export const ADMIN_SEARCH = {
  chests: 'chests',
  secrets: 'secrets',
  chestSecrets: 'chest-secrets',
  deleted: 'deleted',
  teams: 'teams',
  users: 'users',
  /** A team's page keeps a search of its own, apart from the Users list (issue 26). */
  teamUsers: 'team-users',
} as const;

/** A table the top bar's search filters, with the spec's placeholder. */
export interface AdminSearchTarget {
  key: string;
  placeholder: string;
}

/**
 * What the top bar's search filters on a path (spec section 2's placeholders: 'Search for a chest',
 * 'a team', 'a secret', 'a user', 'a deleted secret'); null where no table is shown.
 */
export function adminSearchTarget(pathname: string, toggles: AdminToggles): AdminSearchTarget | null {
  switch (pathname) {
    case paths.adminChests:
      return toggles.chests === 'chests'
        ? { key: ADMIN_SEARCH.chests, placeholder: 'Search for a chest' }
        : { key: ADMIN_SEARCH.secrets, placeholder: 'Search for a secret' };
    case paths.adminChestsShow:
      return { key: ADMIN_SEARCH.chestSecrets, placeholder: 'Search for a secret' };
    case paths.adminChestsDeleted:
      return { key: ADMIN_SEARCH.deleted, placeholder: 'Search for a deleted secret' };
    case paths.adminTeams:
      return toggles.teams === 'teams'
        ? { key: ADMIN_SEARCH.teams, placeholder: 'Search for a team' }
        : { key: ADMIN_SEARCH.users, placeholder: 'Search for a user' };
    case paths.adminTeamsShow:
      return { key: ADMIN_SEARCH.teamUsers, placeholder: 'Search for a user' };
    default:
      return null;
  }
}
