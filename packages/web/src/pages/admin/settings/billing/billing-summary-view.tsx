import type { SubscriptionResponse } from '@coffer/core';
import { usePaymentMethods } from '../../../../api/billing-queries.js';
import { useAccountCount } from '../../../../components/billing/use-account-count.js';
import { useSession } from '../../../../session/use-session.js';
import { ACCOUNTS_TEXT, BillingAccountsTable } from './billing-accounts-table.js';
import type { BillingViewName } from './billing-views.js';
import { NextPaymentCard } from './next-payment-card.js';
import { PaymentDetailsCard } from './payment-details-card.js';
import { PlanSummaryCard } from './plan-summary-card.js';

/**
 * The Billing summary (spec section 2): the plan card, the next-payment card, the payment details
 * with the coupon link, and the accounts table. Its buttons open the other views.
 */
export function BillingSummaryView({
  subscription,
  onOpen,
}: {
  subscription: SubscriptionResponse;
  onOpen: (view: Exclude<BillingViewName, 'summary'>) => void;
}) {
  const methods = usePaymentMethods(useSession().isAdministrator);
  const accounts = useAccountCount();
  return (
    <div className="billing-view">
      <div className="billing-cards">
        <PlanSummaryCard subscription={subscription} onChangePlan={() => onOpen('plan')} />
        <NextPaymentCard
          subscription={subscription}
          accounts={accounts.count}
          onHistory={() => onOpen('history')}
        />
        <PaymentDetailsCard
          method={methods.data?.data[0]}
          subscription={subscription}
          onEdit={() => onOpen('payment')}
        />
      </div>
      <h3 className="billing-view__title">{ACCOUNTS_TEXT.title}</h3>
      <BillingAccountsTable />
    </div>
  );
}
