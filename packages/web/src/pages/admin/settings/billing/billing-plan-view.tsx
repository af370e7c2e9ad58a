import { hasTrialled } from '@coffer/core';
import { useCustomer, usePlans, useSubscription } from '../../../../api/billing-queries.js';
import { useCancelPlanFlow } from '../../../../components/billing/cancel-plan.js';
import { PlanCards } from '../../../../components/billing/plan-cards.js';
import { useStartTrialFlow } from '../../../../components/billing/start-trial.js';
import { useSession } from '../../../../session/use-session.js';
import { BackToSummary } from './back-to-summary.js';

/**
 * The Billing plan view (spec section 2): the same cards as /plans. The Team Plan opens the payment
 * view in the plans flow; Free (or the current plan) asks to cancel, then the summary shows.
 */
export function BillingPlanView({ onBack, onPay }: { onBack: () => void; onPay: () => void }) {
  const { isAdministrator } = useSession();
  const subscription = useSubscription(isAdministrator);
  const customer = useCustomer(isAdministrator);
  const plans = usePlans(isAdministrator);
  const trial = useStartTrialFlow();
  const { cancel, cancelling } = useCancelPlanFlow(onBack);
  return (
    <div className="billing-view">
      <div className="billing-view__head">
        <BackToSummary onBack={onBack} />
        <h3 className="billing-view__title">Choose a Plan</h3>
      </div>
      <PlanCards
        plans={plans}
        subscription={subscription.data}
        trialled={customer.isSuccess ? hasTrialled(customer.data) : undefined}
        onChoose={(_plan, choice) => (choice === 'pay' ? onPay() : void cancel())}
        onStartTrial={() => void trial.start()}
        busy={trial.starting || cancelling}
      />
    </div>
  );
}
