import { TEAM_PLAN } from '@coffer/core';
import { useNavigate } from 'react-router';
import { useSavePaymentMethod, useSubscribe } from '../../../../api/billing-mutations.js';
import { usePaymentMethods, useSubscription } from '../../../../api/billing-queries.js';
import { subscriptionOf, unitAmountOf } from '../../../../components/billing/billing-format.js';
import type { PaymentSubmission } from '../../../../components/billing/payment-form.js';
import { PaymentForm } from '../../../../components/billing/payment-form.js';
import { useAccountCount } from '../../../../components/billing/use-account-count.js';
import { notify } from '../../../../lib/notification-store.js';
import { paths } from '../../../../navigation/paths.js';
import type { SettingsLocationState } from '../../../../navigation/settings-location.js';
import { useSession } from '../../../../session/use-session.js';
import { BILLING_TEXT } from './billing-views.js';

/**
 * The Billing payment view (spec sections 2 and 4): from the summary it stores the card (Edit, or
 * Enter Payment Details) and returns to the summary; from the plan selector it pays for the Team
 * Plan (with the coupon field) and goes to /admin/settings with fromPlans. Both say 'Billing
 * information has been successfully updated'.
 */
export function BillingPaymentView({
  fromPlans,
  onBack,
  onSaved,
}: {
  fromPlans: boolean;
  onBack: () => void;
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const { isAdministrator } = useSession();
  const subscription = useSubscription(isAdministrator);
  const methods = usePaymentMethods(isAdministrator);
  const accounts = useAccountCount();
  const subscribe = useSubscribe();
  const saveCard = useSavePaymentMethod();
  if (methods.isPending || accounts.loading) {
    return (
      <p className="form-status" role="status">
        {BILLING_TEXT.loading}
      </p>
    );
  }
  const stored = methods.data?.data[0];

  const submit = async ({ paymentMethodId, coupon, authenticate }: PaymentSubmission) => {
    if (fromPlans) {
      await subscribe.mutateAsync({
        request: { stripeId: paymentMethodId, ...(coupon ? { coupon } : {}) },
        authenticate,
      });
    } else {
      await saveCard.mutateAsync({ stripeId: paymentMethodId, replace: stored !== undefined });
    }
    notify({ type: 'success', message: BILLING_TEXT.saved });
    if (!fromPlans) {
      onSaved();
      return;
    }
    const state: SettingsLocationState = { fromPlans: true };
    void navigate(paths.adminSettings, { state });
  };

  return (
    <div className="billing-view">
      <PaymentForm
        purpose={fromPlans ? 'pay' : 'update'}
        stored={stored}
        quantity={accounts.count ?? 1}
        unitAmount={unitAmountOf(subscriptionOf(subscription.data)) ?? TEAM_PLAN.unitAmountPence}
        onBack={onBack}
        onSubmit={submit}
      />
    </div>
  );
}
