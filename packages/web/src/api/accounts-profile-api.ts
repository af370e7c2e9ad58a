import type {
  EmailChange,
  PasswordChange,
  Profile,
  ProfileUpdateRequest,
  VerifyPasswordResponse,
} from '@coffer/core';
import type { CallOutcome } from './accounts-api.js';
import { toOutcome } from './accounts-api.js';
import { requestRaw } from './api-client.js';

// Typed calls of the signed-in user's own account (spec section 7, api.md).

/** The profile path of spec section 7 (GET is the session check, PATCH saves first_time or dark_mode). */
export const PROFILE_PATH = '/api/v1/profile.json';

/** `PATCH /api/v1/profile.json {user}`: saves the display name or a flag; answers the profile when sent. */
export async function updateProfile(
  user: ProfileUpdateRequest['user'],
): Promise<CallOutcome<Profile | null>> {
  const body: ProfileUpdateRequest = { user };
  return toOutcome(await requestRaw<Profile | null>(PROFILE_PATH, { method: 'PATCH', body }));
}

/** `POST /api/v1/users/verify_password.json {password}` (auth hash): whether it is the account's password. */
export async function verifyPassword(authHash: string): Promise<CallOutcome<VerifyPasswordResponse>> {
  return toOutcome(
    await requestRaw<VerifyPasswordResponse>('/api/v1/users/verify_password.json', {
      method: 'POST',
      body: { password: authHash },
    }),
  );
}

/**
 * `PATCH /users.json`: a password or e-mail change, with the private key re-sealed under the new
 * credentials (the e-mail is the salt, so a new e-mail needs it too).
 */
export async function updateUserCredentials(
  user: PasswordChange | EmailChange,
): Promise<CallOutcome<unknown>> {
  return toOutcome(await requestRaw('/users.json', { method: 'PATCH', body: { user } }));
}
