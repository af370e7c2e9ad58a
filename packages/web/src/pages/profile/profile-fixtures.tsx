import type { Profile } from '@coffer/core';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';

/** The screens around /profile for its tests. */
export const profileScreens = {
  signedIn: [
    { path: '/', element: <p>Dashboard screen</p> },
    { path: '/profile', lazy: () => import('./profile-screen.js') },
    { path: '/profile/twofactor', element: <p>Two-factor setup screen</p> },
  ],
  visitor: [{ path: '/login', element: <p>Login screen</p> }],
};

/** Signs a user in with a fake server for the account calls; answers the recorded calls. */
export function signInForProfile(
  profile: Partial<Profile> = {},
  overrides: Parameters<typeof mockFetch>[0] = {},
) {
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile(profile) },
    'DELETE /users/sign_out.json': { status: 204 },
    ...overrides,
  });
}
