import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';
import type { ConfirmOptions } from '../modals/confirm-modal.js';
import { openConfirm } from '../modals/confirm-modal.js';
import { withFreshPassword } from '../modals/fresh-password.js';
import type { SecureConfirmOptions } from '../modals/secure-confirm-modal.js';

/** Shown when an admin action failed and the server gave no reason. */
export const ACTION_FAILED_MESSAGE = 'The action failed. Please try again.';

/** The server's reason, else the fallback (the generic failure text). */
export function failureText(error: unknown, fallback: string = ACTION_FAILED_MESSAGE): string {
  return serverMessageOf(error) || fallback;
}

// Runs a change that answers whether it was done (false: cancelled, nothing to tell), then
// notifies its success or the server's reason.
async function settle(run: () => Promise<boolean>, success: string): Promise<boolean> {
  let done: boolean;
  try {
    done = await run();
  } catch (error) {
    notify({ type: 'error', message: failureText(error) });
    return false;
  }
  if (done) notify({ type: 'success', message: success });
  return done;
}

/** Runs a change, then notifies its success or the server's reason; answers whether it was done. */
export function attempt(run: () => Promise<unknown>, success: string): Promise<boolean> {
  return settle(async () => {
    await run();
    return true;
  }, success);
}

/**
 * A change the server guards with a step-up: SecureConfirm asks for the password (and again if the
 * server says it must be entered again), then the change runs and its outcome is notified. Answers
 * whether it was done; false when cancelled.
 */
export function attemptWithFreshPassword(
  confirm: SecureConfirmOptions,
  run: () => Promise<unknown>,
  success: string,
): Promise<boolean> {
  return settle(async () => (await withFreshPassword(confirm, run)).done, success);
}

/** Asks (a danger Confirm modal), then attempts the change; answers whether it was done. */
export async function confirmThenAttempt(
  confirm: Omit<ConfirmOptions, 'danger'>,
  run: () => Promise<unknown>,
  success: string,
): Promise<boolean> {
  const confirmed = await openConfirm({ ...confirm, danger: true });
  return confirmed && attempt(run, success);
}
