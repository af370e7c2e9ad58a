import type { SubscriptionResponse } from '@coffer/core';
import { calculateNextPayment, formatDateEnGb, formatPence, isOnTeamPlan } from '@coffer/core';
import {
  nextPaymentDate,
  subscriptionOf,
  unitAmountOf,
} from '../../../../components/billing/billing-format.js';

/** Texts of the next-payment card. */
export const NEXT_PAYMENT_TEXT = {
  title: 'Next Payment',
  none: 'No upcoming payment',
  due: (date: string) => `Due on ${date}`,
  accounts: (count: number, unit: string) =>
    `${count} ${count === 1 ? 'account' : 'accounts'} × ${unit} per month`,
  history: 'See billing history',
} as const;

/**
 * The summary's next-payment card (spec section 9): the unit amount times the number of accounts, in
 * pounds from pence, due on the next renewal (en-GB); the way to the billing history.
 */
export function NextPaymentCard({
  subscription,
  accounts,
  onHistory,
}: {
  subscription: SubscriptionResponse;
  accounts: number | undefined;
  onHistory: () => void;
}) {
  const current = subscriptionOf(subscription);
  const unit = unitAmountOf(current);
  const due = current && isOnTeamPlan(current) && unit !== null && accounts !== undefined;
  const date = due && current ? formatDateEnGb(nextPaymentDate(current)) : '';
  return (
    <section className="billing-card" aria-labelledby="billing-next-title">
      <h3 id="billing-next-title" className="billing-card__title">
        {NEXT_PAYMENT_TEXT.title}
      </h3>
      {due && unit !== null && accounts !== undefined ? (
        <>
          <p className="billing-card__value">{formatPence(calculateNextPayment(unit, accounts))}</p>
          <p className="billing-card__detail">{NEXT_PAYMENT_TEXT.accounts(accounts, formatPence(unit))}</p>
          {date ? <p className="billing-card__detail">{NEXT_PAYMENT_TEXT.due(date)}</p> : null}
        </>
      ) : (
        <p className="billing-card__value">{NEXT_PAYMENT_TEXT.none}</p>
      )}
      <button type="button" className="button button--secondary button--small" onClick={onHistory}>
        {NEXT_PAYMENT_TEXT.history}
      </button>
    </section>
  );
}
