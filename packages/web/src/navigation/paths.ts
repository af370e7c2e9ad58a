/**
 * Every route of spec section 2. Screens link and navigate with these, never with string literals,
 * so that a renamed route is one edit and a typo is a type error.
 */
export const paths = {
  // Visitor routes
  login: '/login',
  register: '/register',
  // Open to anyone, signed in or not: the link mailed to a new address
  emailChange: '/email_change',
  // Open to anyone: the browser extension's downloads and install steps (issue 29)
  extension: '/extension',
  // Main routes
  home: '/',
  // One secret in the dashboard's viewer: the extension's 'Open in Coffer' (issue 29); see secretAddress
  secret: '/secrets/:secretId',
  profile: '/profile',
  profilePersonalPassword: '/profile/personal_password',
  profileTwoFactor: '/profile/twofactor',
  plans: '/plans',
  // Import from another password manager (issue 28)
  import: '/import',
  dataDashboard: '/datadashboard',
  // The security centre (issue 31): password health for everyone, the rotation list
  securityCentre: '/security',
  // Welcome flow
  welcome: '/welcome',
  welcomeTutorial: '/welcome/tutorial',
  welcomePersonalPassword: '/welcome/personal_password',
  welcomeTwoFactor: '/welcome/twofactor',
  welcomeFirstSecret: '/welcome/first_secret',
  // Admin area
  admin: '/admin',
  adminChests: '/admin/chests',
  adminChestsShow: '/admin/chests/show',
  adminChestsNew: '/admin/chests/new',
  adminChestsEdit: '/admin/chests/edit',
  adminChestsSecret: '/admin/chests/secret',
  adminChestsSecretNew: '/admin/chests/secret/new',
  adminChestsSecretEdit: '/admin/chests/secret/edit',
  adminChestsDeleted: '/admin/chests/deleted',
  adminTeams: '/admin/teams',
  adminTeamsNew: '/admin/teams/new',
  adminTeamsEdit: '/admin/teams/edit',
  adminTeamsShow: '/admin/teams/show',
  adminTeamsUser: '/admin/teams/user',
  adminTeamsUserNew: '/admin/teams/user/new',
  adminTeamsUserEdit: '/admin/teams/user/edit',
  adminSettings: '/admin/settings',
  adminDataDashboard: '/admin/datadashboard',
} as const;

/** Any path of the route table. */
export type AppPath = (typeof paths)[keyof typeof paths];

/** The address of one secret (the dashboard with its viewer open): the id only, nothing else in the URL. */
export function secretAddress(secretId: string): string {
  return `/secrets/${encodeURIComponent(secretId)}`;
}

/** Whether a pathname lies in the admin area (the header's admin link and Shift+D depend on it). */
export function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
}
