import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { openConfirm } from '../components/modals/confirm-modal.js';
import { logOut } from '../session/session-actions.js';

/** The logout confirmation texts of spec section 2. */
export const LOG_OUT_CONFIRM = {
  title: 'Are you sure you want to logout?',
  confirmLabel: 'Yes, log me out.',
  cancelLabel: 'Stay logged in',
} as const;

/** Asks before logging out (the Shift+L path; the menu's Log Out does not ask). */
export async function confirmLogOut(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  if (await openConfirm(LOG_OUT_CONFIRM)) await logOut(queryClient, navigate);
}
