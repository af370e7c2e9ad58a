import type { RouteObject } from 'react-router';
import { createBrowserRouter, redirect } from 'react-router';
import { AppLayout } from '../components/layout/app-layout.js';
import { paths } from '../navigation/paths.js';
import type { RouteHandle } from '../navigation/route-handle.js';
import { GuestOnly } from '../session/guest-only.js';
import { RequireAdmin } from '../session/require-admin.js';
import { RequireAuth } from '../session/require-auth.js';
import { RequireDataAdministrator } from '../session/require-data-administrator.js';
import { RootLayout } from './root-layout.js';
import { RouteErrorScreen } from './route-error-screen.js';

// THE route table. A screen is one line in one of the two lists below; its module exports
// `Component` (and optionally `loader`, `ErrorBoundary`...), react-router loads it lazily:
//   { path: paths.profile, handle: { title: 'Account Settings' }, lazy: () => import('../pages/profile/profile-screen.js') },
// Paths come from ./paths.ts; `handle` is a RouteHandle (./route-handle.ts).

/** The admin area's screens (spec section 2), inside its layout (sections, top bar). */
const adminScreens: RouteObject[] = [
  {
    path: paths.adminChests,
    handle: { title: 'Chests' },
    lazy: () => import('../pages/admin/chests/chests-screen.js'),
  },
  {
    path: paths.adminChestsShow,
    handle: { title: 'Chest' },
    lazy: () => import('../pages/admin/chests/chest-show-screen.js'),
  },
  {
    path: paths.adminChestsNew,
    handle: { title: 'New Chest' },
    lazy: () => import('../pages/admin/chests/chest-new-screen.js'),
  },
  {
    path: paths.adminChestsEdit,
    handle: { title: 'Edit Chest & Permissions' },
    lazy: () => import('../pages/admin/chests/chest-edit-screen.js'),
  },
  {
    path: paths.adminChestsSecret,
    handle: { title: 'Secret' },
    lazy: () => import('../pages/admin/chests/secret-screen.js'),
  },
  {
    path: paths.adminChestsSecretNew,
    handle: { title: 'New Secret' },
    lazy: () => import('../pages/admin/chests/secret-new-screen.js'),
  },
  {
    path: paths.adminChestsSecretEdit,
    handle: { title: 'Edit Secret' },
    lazy: () => import('../pages/admin/chests/secret-edit-screen.js'),
  },
  {
    path: paths.adminChestsDeleted,
    handle: { title: 'Deleted Secrets' },
    lazy: () => import('../pages/admin/chests/deleted-secrets-screen.js'),
  },
  {
    path: paths.adminSettings,
    handle: { title: 'Settings' },
    lazy: () => import('../pages/admin/settings/settings-screen.js'),
  },
  {
    // The Teams and Users section needs the Team Plan (spec section 6): on the free plan it leads to
    // /plans. A user's details stay open: the Billing accounts table shows them on any plan.
    lazy: () => import('../session/require-team-plan.js'),
    children: [
      {
        path: paths.adminTeams,
        handle: { title: 'Teams' },
        lazy: () => import('../pages/admin/teams/teams-screen.js'),
      },
      {
        path: paths.adminTeamsNew,
        handle: { title: 'New Team' },
        lazy: () => import('../pages/admin/teams/team-new-screen.js'),
      },
      {
        path: paths.adminTeamsEdit,
        handle: { title: 'Edit Team' },
        lazy: () => import('../pages/admin/teams/team-edit-screen.js'),
      },
      {
        path: paths.adminTeamsShow,
        handle: { title: 'Team' },
        lazy: () => import('../pages/admin/teams/team-show-screen.js'),
      },
      {
        path: paths.adminTeamsUserNew,
        handle: { title: 'New User' },
        lazy: () => import('../pages/admin/teams/user-new-screen.js'),
      },
      {
        path: paths.adminTeamsUserEdit,
        handle: { title: 'Edit User' },
        lazy: () => import('../pages/admin/teams/user-edit-screen.js'),
      },
    ],
  },
  {
    path: paths.adminTeamsUser,
    handle: { title: 'User' },
    lazy: () => import('../pages/admin/teams/user-screen.js'),
  },
  {
    // Data administrators only (spec section 6), who need not be administrators: RequireAdmin lets
    // them through to this page alone, RequireDataAdministrator sends everyone else to /.
    path: paths.adminDataDashboard,
    handle: { title: 'Statistics' },
    Component: RequireDataAdministrator,
    children: [{ index: true, lazy: () => import('../pages/admin/datadashboard/datadashboard-screen.js') }],
  },
  // Any other admin path: the admin area's own not-found screen.
  {
    path: '*',
    handle: { title: 'Not Found' },
    lazy: () => import('../pages/admin/admin-not-found-screen.js'),
  },
];

/** Screens that need a signed-in user; without a token they redirect to /login (RequireAuth). */
const signedInScreens: RouteObject[] = [
  {
    // The dashboard, and the same dashboard with one secret's viewer open (/secrets/<id>): one route with
    // two children, so moving between the two addresses keeps the dashboard mounted (its tab, search, list).
    path: paths.home,
    handle: { title: 'Dashboard' },
    lazy: () => import('../pages/home/home-screen.js'),
    children: [{ index: true }, { path: paths.secret, handle: { title: 'Secret' } }],
  },
  {
    path: paths.welcome,
    handle: { title: 'Welcome', pageTransition: false } satisfies RouteHandle,
    lazy: () => import('../pages/welcome/welcome-layout.js'),
    children: [
      { index: true, lazy: () => import('../pages/welcome/welcome-screen.js') },
      { path: paths.welcomeTutorial, lazy: () => import('../pages/welcome/tutorial-screen.js') },
      {
        path: paths.welcomePersonalPassword,
        lazy: () => import('../pages/welcome/personal-password-step.js'),
      },
      { path: paths.welcomeTwoFactor, lazy: () => import('../pages/welcome/two-factor-step.js') },
      { path: paths.welcomeFirstSecret, lazy: () => import('../pages/welcome/first-secret-step.js') },
    ],
  },
  // Administrators with billing on; the screen sends anyone else to / (spec section 2).
  { path: paths.plans, handle: { title: 'Plans' }, lazy: () => import('../pages/plans/plans-screen.js') },
  // Everyone signed in: administrators import into any chest, members into the chests they can write.
  { path: paths.import, handle: { title: 'Import' }, lazy: () => import('../pages/import/import-screen.js') },
  // Everyone signed in (issue 31); each section shows what the caller may see (password health over
  // what the viewer can read; the rotation list: administrators and chest managers).
  {
    path: paths.securityCentre,
    handle: { title: 'Security centre' },
    lazy: () => import('../pages/security-centre/security-centre-screen.js'),
  },
  { path: paths.dataDashboard, loader: () => redirect(paths.adminDataDashboard) }, // spec §2's other name of it
  {
    path: paths.profile,
    handle: { title: 'Account Settings' },
    lazy: () => import('../pages/profile/profile-screen.js'),
  },
  {
    path: paths.profilePersonalPassword,
    handle: { title: 'Personal Password' },
    lazy: () => import('../pages/profile/personal-password-screen.js'),
  },
  {
    path: paths.profileTwoFactor,
    handle: { title: 'Two-Step Verification' },
    lazy: () => import('../pages/profile/two-factor-screen.js'),
  },
  {
    // Administrators only: a first_time user goes to /welcome, anyone else to / (RequireAdmin).
    path: paths.admin,
    handle: { title: 'Admin' },
    Component: RequireAdmin,
    children: [
      { index: true, loader: () => redirect(paths.adminChests) },
      { lazy: () => import('../pages/admin/admin-layout.js'), children: adminScreens },
    ],
  },
];

/** Screens for visitors (login, register); a signed-in user is sent on (GuestOnly). */
const visitorScreens: RouteObject[] = [
  { path: paths.login, handle: { title: 'Login' }, lazy: () => import('../pages/login/login-screen.js') },
  {
    path: paths.register,
    handle: {
      title: 'Register',
      headerLink: { to: paths.login, label: 'SIGN IN' },
      notificationPlacement: 'header',
    } satisfies RouteHandle,
    lazy: () => import('../pages/register/register-screen.js'),
  },
];

/** Screens for anyone, signed in or not: the page of the link mailed to a new e-mail address, the extension's downloads. */
const openScreens: RouteObject[] = [
  {
    path: paths.extension,
    handle: { title: 'Browser Extension' },
    lazy: () => import('../pages/extension/extension-screen.js'),
  },
  {
    path: paths.emailChange,
    handle: { title: 'Change Email' },
    lazy: () => import('../pages/profile/email-change-screen.js'),
  },
];

// The shell has nothing to show before the first lazy route arrives; the page stays blank for that instant.
function RenderNothing() {
  return null;
}

/** The route tree around the given screens: the shell's layouts, the auth guard and the catch-all. */
export function buildRoutes(
  signedIn: RouteObject[],
  visitor: RouteObject[],
  open: RouteObject[] = [],
): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      HydrateFallback: RenderNothing,
      children: [
        {
          Component: AppLayout,
          children: [
            { Component: RequireAuth, children: signedIn },
            { Component: GuestOnly, children: visitor },
            ...open,
            { path: '*', lazy: () => import('./unknown-route-screen.js') },
          ],
        },
      ],
    },
  ];
}

/** The whole route tree of the app. */
export const routes: RouteObject[] = buildRoutes(signedInScreens, visitorScreens, openScreens);

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
