import { useCallback } from 'react';
import { useBillingState } from '../../api/billing-queries.js';
import { useSession } from '../../session/use-session.js';
import { openBillingAlert } from './billing-alert-modal.js';

/**
 * The Team Plan offer that follows the free plan's limit notice (spec section 8: 'Chests exceed
 * subscription limit.' gives the notification, and the BillingAlert offers the plan). Only
 * administrators may start a trial or pay (spec section 6), so others get the notice alone.
 */
export function usePlanLimitOffer(): () => void {
  const { isAdministrator } = useSession();
  const { active } = useBillingState();
  return useCallback(() => {
    if (isAdministrator && active) void openBillingAlert();
  }, [isAdministrator, active]);
}
