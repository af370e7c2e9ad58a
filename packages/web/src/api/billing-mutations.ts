import type { Subscription, SubscriptionCreateRequest, SubscriptionResponse } from '@coffer/core';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKeys } from './accounts-queries.js';
import { auditQueryKeys } from './audit-queries.js';
import {
  addPaymentMethod,
  applyPromotionCode,
  cancelSubscription,
  destroyPaymentMethod,
  startTrial,
  updatePaymentMethod,
} from './billing-api.js';
import { billingQueryKeys } from './billing-queries.js';
import { type AuthenticatePayment, payForPlan } from './pay-for-plan.js';

// Changes of billing (administrators). Each refetches every billing query (a payment changes the
// subscription, the card and the invoices together), the profile (trialled, subscription, subscribed)
// and the audit log (the change's own entry).

function refetchBilling(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [billingQueryKeys.all, accountQueryKeys.profile, auditQueryKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

function useBillingChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => refetchBilling(queryClient) });
}

/** Starts the one-time 30-day trial. */
export function useStartTrial() {
  return useBillingChange<void, Subscription>(() => startTrial());
}

/**
 * Pays for the Team Plan with a payment-method id and an optional coupon; `authenticate` is the card
 * provider's 3-D Secure step, used only when the card asks for it.
 */
export function useSubscribe() {
  return useBillingChange(
    ({ request, authenticate }: { request: SubscriptionCreateRequest; authenticate: AuthenticatePayment }) =>
      payForPlan(request, authenticate),
  );
}

/** Cancels the subscription. */
export function useCancelSubscription() {
  return useBillingChange<void, SubscriptionResponse>(() => cancelSubscription());
}

/** Applies a coupon (promotion code) to the subscription. */
export function useApplyPromotionCode() {
  return useBillingChange((code: string) => applyPromotionCode(code));
}

/** Stores a card: replaces the one in use, or adds the first. */
export function useSavePaymentMethod() {
  return useBillingChange(({ stripeId, replace }: { stripeId: string; replace: boolean }) =>
    replace ? updatePaymentMethod(stripeId) : addPaymentMethod(stripeId),
  );
}

/** Removes the stored card (only without a subscription). */
export function useDestroyPaymentMethod() {
  return useBillingChange<void, unknown>(() => destroyPaymentMethod());
}
