import {
  PASSWORD_CONFIRMATION_REQUIRED_MESSAGE,
  type TwoFactorBackupCodes,
  type TwoFactorMessage,
  type TwoFactorSetup,
} from '@coffer/core';
import { requestOrThrow, requestRaw } from './api-client.js';
import { ApiError } from './api-error.js';
import type { RawResponse } from './api-types.js';
import { readErrorMessage } from './error-message.js';

// Typed calls of two-step verification (spec section 7). Turning two-step on or off reads the raw
// answer: its verdict is the `2fa` message, which a 200 can carry as a refusal and a 400 as the reason.
// The step-up's refusal (the password must be proven again) is no verdict on the code: it is thrown
// as an ApiError, which withFreshPassword answers with SecureConfirm and a retry.

/** The server's answer when the code is right (spec section 7). */
export const TWO_FACTOR_ACTIVATED = 'Success: Correct OTP Code!';

/** A two-factor message call: `ok` tells success, `message` is the server's text to show. */
export interface TwoFactorOutcome {
  ok: boolean;
  message: string | undefined;
}

/** `GET /api/v1/two-factor-code.json`: a new TOTP key and its QR code (SVG). */
export function fetchTwoFactorCode(): Promise<TwoFactorSetup | null> {
  return requestOrThrow<TwoFactorSetup | null>('/api/v1/two-factor-code.json');
}

/** `PUT /api/v1/two-factor-active.json {code}`: turns two-step on when the code is right. */
export async function activateTwoFactor(code: string): Promise<TwoFactorOutcome> {
  const answer = await requestRaw<TwoFactorMessage>('/api/v1/two-factor-active.json', {
    method: 'PUT',
    body: { code },
  });
  const message = readTwoFactorMessage(answer);
  throwIfPasswordNeeded(answer.status, message);
  return { ok: isSuccess(answer.status) && message === TWO_FACTOR_ACTIVATED, message };
}

/** `PUT /api/v1/two-factor-disable.json`: success when the server's message contains 'Success' (spec section 8). */
export async function disableTwoFactor(): Promise<TwoFactorOutcome> {
  const answer = await requestRaw<TwoFactorMessage>('/api/v1/two-factor-disable.json', { method: 'PUT' });
  const message = readTwoFactorMessage(answer);
  throwIfPasswordNeeded(answer.status, message);
  return { ok: isSuccess(answer.status) && (message ?? '').includes('Success'), message };
}

/** `GET /api/v1/two-factor-backup.json`: new recovery codes (the previous ones stop working). */
export async function fetchBackupCodes(): Promise<string[]> {
  const answer = await requestOrThrow<TwoFactorBackupCodes | null>('/api/v1/two-factor-backup.json');
  const codes = answer?.['2faCodes'];
  // An answer without codes is a failure with no message of the server's to show.
  if (!Array.isArray(codes)) throw new ApiError(200, undefined);
  return codes.filter((code): code is string => typeof code === 'string');
}

// The message is in `2fa`, on success and on a wrong code alike; other failures carry errors[] or error.
function readTwoFactorMessage(answer: RawResponse<TwoFactorMessage>): string | undefined {
  const { json } = answer;
  if (typeof json === 'object' && json !== null && typeof json['2fa'] === 'string') return json['2fa'];
  return readErrorMessage(json);
}

function throwIfPasswordNeeded(status: number, message: string | undefined): void {
  if (status === 403 && message === PASSWORD_CONFIRMATION_REQUIRED_MESSAGE)
    throw new ApiError(status, message);
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
