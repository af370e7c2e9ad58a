import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';
import type { ConfirmOptions } from '../modals/confirm-modal.js';
import { openConfirm } from '../modals/confirm-modal.js';

/** Shown when an admin action failed and the server gave no reason. */
export const ACTION_FAILED_MESSAGE = 'The action failed. Please try again.';

/** The server's reason, else the fallback (the generic failure text). */
export function failureText(error: unknown, fallback: string = ACTION_FAILED_MESSAGE): string {
  return serverMessageOf(error) || fallback;
}

/** Runs a change, then notifies its success or the server's reason; answers whether it was done. */
export async function attempt(run: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await run();
  } catch (error) {
    notify({ type: 'error', message: failureText(error) });
    return false;
  }
  notify({ type: 'success', message: success });
  return true;
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
