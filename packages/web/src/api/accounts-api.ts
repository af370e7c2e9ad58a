import type {
  InvitationDetails,
  PreloginResponse,
  SignInRequest,
  SignInResponse,
  TwoFactorCheckResponse,
} from '@coffer/core';
import { request, requestRaw } from './api-client.js';
import type { RawResponse, RequestResult } from './api-types.js';
import { readErrorMessage } from './error-message.js';
import type { FormObject } from './form-body.js';
import { toFormBody } from './form-body.js';

// Typed calls of sign-in, registration and confirmation (spec section 7, api.md). Every `password`
// these send is the auth hash derived in the browser, never the password itself (crypto.md).

/** What a call answered: the body on success, else the server's message (when it gave one) and status. */
export type CallOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; message: string | undefined };

/** Turns a raw answer into an outcome: 20x with a body is success, anything else carries its message. */
export function toOutcome<T>(answer: RawResponse<T>): CallOutcome<T> {
  const { status, json } = answer;
  if (status >= 200 && status < 300) return { ok: true, value: json as T };
  return { ok: false, status, message: readErrorMessage(json) };
}

/** `POST /api/v1/prelogin`: the account's key-derivation iterations (the default for an unknown e-mail). */
export async function fetchPrelogin(email: string): Promise<CallOutcome<PreloginResponse>> {
  const outcome = toOutcome(
    await requestRaw<PreloginResponse>('/api/v1/prelogin', { method: 'POST', body: { email } }),
  );
  if (outcome.ok && typeof outcome.value?.kdf_iterations !== 'number') {
    return { ok: false, status: 200, message: undefined };
  }
  return outcome;
}

/**
 * `POST /api/v1/two-factor-check`: whether this account needs a one-time code. The answer is the
 * request helper's (an object, or a message / 1 on failure); callers only log a failure (spec section 8).
 */
export function checkTwoFactor(
  email: string,
  authHash: string,
): Promise<RequestResult<TwoFactorCheckResponse>> {
  return request<TwoFactorCheckResponse>('/api/v1/two-factor-check', {
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
export async function registerAccount(user: RegistrationUser): Promise<CallOutcome<unknown>> {
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
  return toOutcome(await requestRaw('/users', { method: 'POST', body: toFormBody(form) }));
}

/** `GET /users/confirmation.json?confirmation_token=`: confirms the e-mail address of a new account. */
export async function confirmAccount(token: string): Promise<CallOutcome<unknown>> {
  return toOutcome(await requestRaw('/users/confirmation.json', { query: { confirmation_token: token } }));
}

/** `POST /users/confirmation.json`: sends the confirmation e-mail again. */
export async function resendConfirmation(email: string): Promise<CallOutcome<unknown>> {
  return toOutcome(
    await requestRaw('/users/confirmation.json', { method: 'POST', body: { user: { email } } }),
  );
}

/** `GET /api/v1/invitations/{token}.json`: what the invited register form prefills (404 when unknown). */
export async function fetchInvitation(token: string): Promise<CallOutcome<InvitationDetails>> {
  const path = `/api/v1/invitations/${encodeURIComponent(token)}.json`;
  return toOutcome(await requestRaw<InvitationDetails>(path));
}

/** The `message` of a success answer, when the server sent one. */
export function readSuccessMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}
