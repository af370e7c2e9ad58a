import type {
  EmailChange,
  MailOutcome,
  PasswordChange,
  Profile,
  ProfileUpdateRequest,
  SignedTrustEntry,
  VerifyPasswordResponse,
} from '@coffer/core';
import { requestOrThrow } from './api-client.js';

// Typed calls of the signed-in user's own account (spec section 7, api.md). Each answers the body,
// or throws ApiError with the status and the server's message.

/** The profile path of spec section 7 (GET is the session check, PATCH saves first_time or dark_mode). */
export const PROFILE_PATH = '/api/v1/profile.json';

/** `PATCH /api/v1/profile.json {user}`: saves the display name or a flag; answers the profile when sent. */
export function updateProfile(user: ProfileUpdateRequest['user']): Promise<Profile | null> {
  const body: ProfileUpdateRequest = { user };
  return requestOrThrow<Profile | null>(PROFILE_PATH, { method: 'PATCH', body });
}

/** `POST /api/v1/users/verify_password.json {password}` (auth hash): whether it is the account's password. */
export function verifyPassword(authHash: string): Promise<VerifyPasswordResponse | null> {
  return requestOrThrow<VerifyPasswordResponse | null>('/api/v1/users/verify_password.json', {
    method: 'POST',
    body: { password: authHash },
  });
}

/**
 * `PATCH /users.json`: a password or e-mail change, with the private key re-sealed under the new
 * credentials (the e-mail is the salt, so a new e-mail needs it too).
 */
export function updateUserCredentials(
  user: PasswordChange | EmailChange,
  trustEntries?: SignedTrustEntry[],
): Promise<unknown> {
  const body = trustEntries ? { user, trust_entries: trustEntries } : { user };
  return requestOrThrow('/users.json', { method: 'PATCH', body });
}

/**
 * `POST /users/email_change/resend.json`: mails the pending e-mail change's link again (a new link;
 * the previous one stops working); answers whether the mail left. 400 when no change waits.
 */
export function resendEmailChangeLink(): Promise<MailOutcome> {
  return requestOrThrow<MailOutcome>('/users/email_change/resend.json', { method: 'POST' });
}
