import type {
  InvitationDetails,
  PreloginResponse,
  SignInRequest,
  SignInResponse,
  TwoFactorCheckResponse,
} from '@coffer/core';
import { requestOrThrow, requestRaw } from './api-client.js';
import { ApiError } from './api-error.js';
import type { RawResponse } from './api-types.js';
import type { FormObject } from './form-body.js';
import { toFormBody } from './form-body.js';

// Typed calls of sign-in, registration and confirmation (spec section 7, api.md). Every `password`
// these send is the auth hash derived in the browser, never the password itself (crypto.md).
// Each answers the body, or throws ApiError with the status and the server's message.

/** `POST /api/v1/prelogin`: the account's key-derivation iterations (the default for an unknown e-mail). */
export async function fetchPrelogin(email: string): Promise<PreloginResponse> {
  const answer = await requestOrThrow<PreloginResponse | null>('/api/v1/prelogin', {
    method: 'POST',
    body: { email },
  });
  // Without iterations nothing can be derived: as much a failure as a refusal, with no message to show.
  if (typeof answer?.kdf_iterations !== 'number') throw new ApiError(200, undefined);
  return answer;
}

/** `POST /api/v1/two-factor-check`: whether this account needs a one-time code (a failure is only logged, spec section 8). */
export function checkTwoFactor(email: string, authHash: string): Promise<TwoFactorCheckResponse | null> {
  return requestOrThrow<TwoFactorCheckResponse | null>('/api/v1/two-factor-check', {
    method: 'POST',
    body: { email, password: authHash },
  });
}

/** `POST /users/sign_in.json`: 201 with the token in the Authorization header and the profile as body. */
export function signIn(user: SignInRequest['user']): Promise<RawResponse<SignInResponse>> {
  const body: SignInRequest = { user };
  return requestRaw<SignInResponse>('/users/sign_in.json', { method: 'POST', body });
}

/** The `user` of a registration: the fields of spec section 3 plus `kdf_iterations` and `invitation_token`. */
export interface RegistrationUser {
  email: string;
  name: string;
  /** The auth hash. */
  password: string;
  public_key: string;
  encrypted_private_key: string;
  private_key_iv: string;
  kdf_iterations: number;
  /** The new organisation's name; left out when accepting an invitation. */
  companyName?: string;
  invitationToken?: string;
  termsOfService: boolean;
  marketingOptIn: boolean;
}

/** `POST /users`, form-encoded: registers an organisation owner, or an invitee with the invitation token. */
export function registerAccount(user: RegistrationUser): Promise<unknown> {
  const { companyName, invitationToken, ...fields } = user;
  const form: FormObject = {
    user: {
      ...fields,
      ...(invitationToken ? { invitation_token: invitationToken } : {}),
      ...(companyName !== undefined && !invitationToken
        ? { owned_organisation_attributes: { name: companyName } }
        : {}),
    },
  };
  return requestOrThrow('/users', { method: 'POST', body: toFormBody(form) });
}

/** `GET /users/confirmation.json?confirmation_token=`: confirms the e-mail address of a new account. */
export function confirmAccount(token: string): Promise<unknown> {
  return requestOrThrow('/users/confirmation.json', { query: { confirmation_token: token } });
}

/**
 * `POST /users/email_change/confirmation.json`: applies the e-mail change whose link was mailed to
 * the new address (the token in the body, never in a URL the server logs).
 */
export function confirmEmailChange(token: string): Promise<unknown> {
  return requestOrThrow('/users/email_change/confirmation.json', {
    method: 'POST',
    body: { email_change_token: token },
  });
}

/** `POST /users/confirmation.json`: sends the confirmation e-mail again. */
export function resendConfirmation(email: string): Promise<unknown> {
  return requestOrThrow('/users/confirmation.json', { method: 'POST', body: { user: { email } } });
}

/** `GET /api/v1/invitations/{token}.json`: what the invited register form prefills (404 when unknown). */
export function fetchInvitation(token: string): Promise<InvitationDetails | null> {
  return requestOrThrow<InvitationDetails | null>(`/api/v1/invitations/${encodeURIComponent(token)}.json`);
}

/** `DELETE /users/sign_out.json`: revokes the session's token on the server. */
export function signOut(): Promise<unknown> {
  return requestOrThrow('/users/sign_out.json', { method: 'DELETE' });
}

/** The `message` of a success answer, when the server sent one. */
export function readSuccessMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}
