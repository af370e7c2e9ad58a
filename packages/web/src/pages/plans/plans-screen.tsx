import type { Plan } from '@coffer/core';
import { hasTrialled, TEAM_PLAN } from '@coffer/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSubscribe } from '../../api/billing-mutations.js';
import {
  useBillingState,
  useCustomer,
  usePaymentMethods,
  usePlans,
  useSubscription,
} from '../../api/billing-queries.js';
import type { SubscriptionKind } from '../../components/billing/billing-format.js';
import { subscriptionKind, subscriptionOf, unitAmountOf } from '../../components/billing/billing-format.js';
import { useCancelPlanFlow } from '../../components/billing/cancel-plan.js';
import { PaymentForm } from '../../components/billing/payment-form.js';
import { PlanCards } from '../../components/billing/plan-cards.js';
import { useStartTrialFlow } from '../../components/billing/start-trial.js';
import { useAccountCount } from '../../components/billing/use-account-count.js';
import { notify } from '../../lib/notification-store.js';
import { paths } from '../../navigation/paths.js';
import type { SettingsLocationState } from '../../navigation/settings-location.js';
import { useSession } from '../../session/use-session.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import '../../components/billing/billing.css';

/** Texts of /plans (spec sections 2 and 8). */
export const PLANS_TEXT = {
  title: 'Choose your best plan',
  keep: "I'm fine with my current Plan",
  unknown: "Uh oh, that wasn't supposed to happen.",
  loading: 'Loading plans…',
  saved: 'Billing information has been successfully updated',
} as const;

const TO_BILLING: SettingsLocationState = { fromPlans: true };

function Loading() {
  return (
    <p className="plans__status" role="status">
      {PLANS_TEXT.loading}
    </p>
  );
}

/**
 * /plans (spec section 2): the Free and Team cards, the trial offer, 'I'm fine with my current Plan'
 * (back to /admin/settings), and the payment form for the Team Plan or the cancel confirmation.
 * Administrators only, with billing on: anyone else, and a missing subscription answer, go to /.
 */
export function Component() {
  const { profile, isAdministrator } = useSession();
  const billing = useBillingState();
  const subscription = useSubscription(isAdministrator);

  if (!profile || !billing.settled) return <Loading />;
  if (!isAdministrator || !billing.active) return <Navigate to={paths.home} replace />;
  if (subscription.isPending) return <Loading />;
  // Spec: "With no subscription data the page redirects to /".
  if (subscription.isError || subscription.data === null || subscription.data === undefined)
    return <Navigate to={paths.home} replace />;
  return <PlansPage kind={subscriptionKind(subscription.data)} />;
}

function PlansPage({ kind }: { kind: SubscriptionKind }) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const toSettings = () => void navigate(paths.adminSettings, { state: TO_BILLING });
  const back = () => (paying ? setPaying(false) : toSettings());
  useShortcuts([{ id: 'plans.back', keys: 'Escape', description: 'Go back', run: back }]);

  return (
    <section className="plans" aria-labelledby="plans-title">
      <h1 id="plans-title" className="plans__title">
        {PLANS_TEXT.title}
      </h1>
      {kind === 'unknown' ? (
        <p className="plans__status" role="alert">
          {PLANS_TEXT.unknown}
        </p>
      ) : paying ? (
        <PlansPayment onBack={() => setPaying(false)} onDone={toSettings} />
      ) : (
        <PlansChoice onPay={() => setPaying(true)} onKeep={toSettings} onCancelled={toSettings} />
      )}
    </section>
  );
}

function PlansChoice({
  onPay,
  onKeep,
  onCancelled,
}: {
  onPay: () => void;
  onKeep: () => void;
  onCancelled: () => void;
}) {
  const { isAdministrator } = useSession();
  const subscription = useSubscription(isAdministrator);
  const customer = useCustomer(isAdministrator);
  const plans = usePlans(isAdministrator);
  const trial = useStartTrialFlow();
  const { cancel, cancelling } = useCancelPlanFlow(onCancelled);
  const choose = (_plan: Plan, choice: 'pay' | 'cancel') => (choice === 'pay' ? onPay() : void cancel());
  return (
    <>
      <PlanCards
        plans={plans}
        subscription={subscription.data}
        trialled={customer.isSuccess ? hasTrialled(customer.data) : undefined}
        onChoose={choose}
        onStartTrial={() => void trial.start()}
        busy={trial.starting || cancelling}
      />
      <div className="plans__actions">
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {PLANS_TEXT.keep}
        </button>
      </div>
    </>
  );
}

function PlansPayment({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { isAdministrator } = useSession();
  const subscription = useSubscription(isAdministrator);
  const methods = usePaymentMethods(isAdministrator);
  const accounts = useAccountCount();
  const subscribe = useSubscribe();
  if (methods.isPending || accounts.loading) return <Loading />;
  return (
    <PaymentForm
      purpose="pay"
      stored={methods.data?.data[0]}
      quantity={accounts.count ?? 1}
      unitAmount={unitAmountOf(subscriptionOf(subscription.data)) ?? TEAM_PLAN.unitAmountPence}
      onBack={onBack}
      onSubmit={async ({ paymentMethodId, coupon, authenticate }) => {
        await subscribe.mutateAsync({
          request: { stripeId: paymentMethodId, ...(coupon ? { coupon } : {}) },
          authenticate,
        });
        notify({ type: 'success', message: PLANS_TEXT.saved });
        onDone();
      }}
    />
  );
}
