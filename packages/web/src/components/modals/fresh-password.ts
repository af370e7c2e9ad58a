import { PASSWORD_CONFIRMATION_REQUIRED_MESSAGE } from '@coffer/core';
import { ApiError } from '../../api/api-error.js';
import { openSecureConfirm, type SecureConfirmOptions } from './secure-confirm-modal.js';

/**
 * Whether the server refused a call for want of a freshly proven password: the step-up's 403
 * 'Please enter your password again to continue.' (docs/security.md).
 */
export function needsFreshPassword(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    error.serverMessage === PASSWORD_CONFIRMATION_REQUIRED_MESSAGE
  );
}

/** A guarded call's outcome: done with the call's answer, or cancelled at SecureConfirm. */
export type FreshPasswordOutcome<T> = { done: true; value: T } | { done: false };

/**
 * Runs a call the server guards with a step-up (a password proven within five minutes).
 * SecureConfirm proves the password first, unless `askFirst` is false (a later call of a flow that
 * has just proven it). When the server still answers that the password must be entered again (the
 * five minutes ran out meanwhile), SecureConfirm asks again and the call is sent again, so the user
 * is never left at that refusal; Cancel ends it. Any other failure is thrown as it came.
 */
export async function withFreshPassword<T>(
  confirm: SecureConfirmOptions,
  call: () => Promise<T>,
  { askFirst = true }: { askFirst?: boolean } = {},
): Promise<FreshPasswordOutcome<T>> {
  let ask = askFirst;
  for (;;) {
    if (ask && !(await openSecureConfirm(confirm))) return { done: false };
    try {
      return { done: true, value: await call() };
    } catch (error) {
      if (!needsFreshPassword(error)) throw error;
      ask = true;
    }
  }
}
