import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useBillingState, useSubscription } from '../../../../api/billing-queries.js';
import { subscriptionKind } from '../../../../components/billing/billing-format.js';
import { useSession } from '../../../../session/use-session.js';
import { BillingHistoryView } from './billing-history-view.js';
import { BillingPaymentView } from './billing-payment-view.js';
import { BillingPlanView } from './billing-plan-view.js';
import { BillingSummaryView } from './billing-summary-view.js';
import type { BillingView } from './billing-views.js';
import { BILLING_TEXT, SUMMARY_VIEW } from './billing-views.js';
import '../../../../components/billing/billing.css';

/**
 * The settings' Billing (spec sections 2 and 4): summary, payment, history and plan; Back or Escape
 * return to the summary from any view, and so does arriving at the settings again (the plans flow
 * ends with a navigation to /admin/settings). Nothing under BILLING=off.
 */
export function BillingViews() {
  const billing = useBillingState();
  const subscription = useSubscription(useSession().isAdministrator);
  const location = useLocation();
  const [view, setView] = useState<BillingView>(SUMMARY_VIEW);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new navigation entry is the trigger
  useEffect(() => setView(SUMMARY_VIEW), [location.key]);
  const toSummary = () => setView(SUMMARY_VIEW);

  if (!billing.settled) return <Status text={BILLING_TEXT.loading} />;
  if (!billing.active) return null;
  if (subscription.isPending) return <Status text={BILLING_TEXT.loading} />;
  if (subscription.isError || subscriptionKind(subscription.data) === 'unknown')
    return <Status text={BILLING_TEXT.failed} alert />;

  switch (view.name) {
    case 'payment':
      return <BillingPaymentView fromPlans={view.fromPlans} onBack={toSummary} onSaved={toSummary} />;
    case 'history':
      return <BillingHistoryView onBack={toSummary} />;
    case 'plan':
      return (
        <BillingPlanView onBack={toSummary} onPay={() => setView({ name: 'payment', fromPlans: true })} />
      );
    default:
      return (
        <BillingSummaryView
          subscription={subscription.data}
          onOpen={(name) => setView({ name, fromPlans: false })}
        />
      );
  }
}

function Status({ text, alert }: { text: string; alert?: boolean }) {
  return (
    <p className="form-status" role={alert ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
