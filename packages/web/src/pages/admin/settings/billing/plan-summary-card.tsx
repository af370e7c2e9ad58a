import type { SubscriptionResponse } from '@coffer/core';
import { planNameOf, planStatusOf } from '../../../../components/billing/billing-format.js';

/** The summary's plan card: the plan, its state, and the way to the plan selector. */
export function PlanSummaryCard({
  subscription,
  onChangePlan,
}: {
  subscription: SubscriptionResponse;
  onChangePlan: () => void;
}) {
  return (
    <section className="billing-card" aria-labelledby="billing-plan-title">
      <h3 id="billing-plan-title" className="billing-card__title">
        Plan
      </h3>
      <p className="billing-card__value">{planNameOf(subscription)}</p>
      <p className="billing-card__detail">{planStatusOf(subscription)}</p>
      <button type="button" className="button button--secondary button--small" onClick={onChangePlan}>
        Change Plan
      </button>
    </section>
  );
}
