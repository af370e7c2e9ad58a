import type { BillingMode, Plan } from '@coffer/core';
import { canUseTeams, FREE_PLAN_CARD, TEAM_PLAN_CARD } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import {
  fetchBillingConfig,
  fetchCustomer,
  fetchInvoices,
  fetchPaymentMethods,
  fetchPlans,
  fetchSubscription,
} from './billing-api.js';
import { useToken } from './token-store.js';

/** Query keys of billing; `all` refetches everything billing shows after a change. */
export const billingQueryKeys = {
  all: ['billing'] as const,
  config: ['billing', 'config'] as const,
  subscription: ['billing', 'subscription'] as const,
  customer: ['billing', 'customer'] as const,
  paymentMethods: ['billing', 'payment-methods'] as const,
  invoices: ['billing', 'invoices'] as const,
  plans: ['billing', 'plans'] as const,
};

/** What this browser knows of how billing runs. */
export interface BillingState {
  /** undefined while the config loads, or when the server could not say. */
  mode: BillingMode | undefined;
  /** Stripe's publishable key under 'stripe'. */
  publishableKey: string | null;
  /** The config call has answered (or failed). */
  settled: boolean;
  /** Billing screens and calls exist: anything but 'off' once settled. */
  active: boolean;
}

/** How billing runs (`GET billing_api/config`, any signed-in user); fixed for the session. */
export function useBillingState(): BillingState {
  const signedIn = useToken() !== null;
  const config = useQuery({
    queryKey: billingQueryKeys.config,
    queryFn: ({ signal }) => fetchBillingConfig(signal),
    enabled: signedIn,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const mode = config.data?.mode;
  const settled = config.isSuccess || config.isError;
  return {
    mode,
    publishableKey: config.data?.publishable_key ?? null,
    settled,
    active: settled && mode !== 'off',
  };
}

// The administrators' billing calls run once billing is known to be on (spec section 6: "for them the
// billing customer and subscription are fetched on load").
function useAdminBilling(isAdministrator: boolean): boolean {
  return useBillingState().active && isAdministrator;
}

/** The organisation's subscription, or 'No Subscription' (administrators). */
export function useSubscription(isAdministrator: boolean) {
  return useQuery({
    queryKey: billingQueryKeys.subscription,
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled: useAdminBilling(isAdministrator),
  });
}

/** The billing customer: whether the trial was taken (administrators). */
export function useCustomer(isAdministrator: boolean) {
  return useQuery({
    queryKey: billingQueryKeys.customer,
    queryFn: ({ signal }) => fetchCustomer(signal),
    enabled: useAdminBilling(isAdministrator),
  });
}

/** The stored card payment methods (administrators). */
export function usePaymentMethods(isAdministrator: boolean) {
  return useQuery({
    queryKey: billingQueryKeys.paymentMethods,
    queryFn: ({ signal }) => fetchPaymentMethods(signal),
    enabled: useAdminBilling(isAdministrator),
  });
}

/** The invoices for the billing history (administrators). */
export function useInvoices(isAdministrator: boolean) {
  return useQuery({
    queryKey: billingQueryKeys.invoices,
    queryFn: ({ signal }) => fetchInvoices(signal),
    enabled: useAdminBilling(isAdministrator),
  });
}

// Core's cards are the same constants the server answers with: shown until (or unless) it answers.
const BUILT_IN_PLANS: readonly Plan[] = [FREE_PLAN_CARD, TEAM_PLAN_CARD];

/** The plan cards: the server's prices, core's cards while they load or if they cannot. */
export function usePlans(isAdministrator: boolean): readonly Plan[] {
  const plans = useQuery({
    queryKey: billingQueryKeys.plans,
    queryFn: ({ signal }) => fetchPlans(signal),
    enabled: useAdminBilling(isAdministrator),
    staleTime: 5 * 60_000,
  });
  const items = plans.data?.items;
  return items && items.length > 0 ? items : BUILT_IN_PLANS;
}

/** Whether the Teams and Users section is open, locked (free plan) or not yet known. */
export type TeamsGate = 'open' | 'locked' | 'pending';

/**
 * The Teams and Users gate (spec section 6): open on the Team Plan (paid or trialling) and whenever
 * billing is off; locked on the free plan. When the server cannot say, it stays open: the server
 * enforces the plan's limits anyway, the web app only explains them.
 */
export function useTeamsGate(isAdministrator: boolean): TeamsGate {
  const billing = useBillingState();
  const subscription = useSubscription(isAdministrator);
  if (!billing.settled) return 'pending';
  if (!billing.active || billing.mode === undefined) return 'open';
  if (subscription.isPending) return 'pending';
  if (subscription.isError) return 'open';
  return canUseTeams(subscription.data, billing.mode) ? 'open' : 'locked';
}
