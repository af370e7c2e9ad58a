import type { Plan, SubscriptionResponse } from '@coffer/core';
import { isOnTeamPlan, isTeamPlanNickname } from '@coffer/core';
import { useId } from 'react';
import type { PlanChoice } from './plan-choice.js';
import { choosePlan, isCurrentPlan, planButtonLabel } from './plan-choice.js';
import { PlanIcon } from './plan-icon.js';
import './billing.css';

/** Texts of the plan cards. */
export const PLAN_CARDS_TEXT = {
  current: 'Current Plan',
  trial: 'Take 30 days free on us!',
} as const;

/** Props of the plan cards. */
export interface PlanCardsProps {
  plans: readonly Plan[];
  subscription: SubscriptionResponse | null | undefined;
  /** Whether the organisation has had its trial; undefined while unknown (no offer shown). */
  trialled: boolean | undefined;
  onChoose: (plan: Plan, choice: Exclude<PlanChoice, 'none'>) => void;
  onStartTrial: () => void;
  /** A change is under way: the buttons wait. */
  busy?: boolean;
}

/**
 * The plan cards of /plans and the settings' plan view (spec section 2): icon, name, price, billing
 * details, unit and features per card, the current plan marked selected, and 'Take 30 days free on
 * us!' on the Team card until the organisation has trialled.
 */
export function PlanCards({ plans, subscription, trialled, onChoose, onStartTrial, busy }: PlanCardsProps) {
  const offerTrial = trialled === false && !isOnTeamPlan(subscription);
  return (
    <ul className="plan-cards">
      {plans.map((plan) => (
        <PlanCard
          key={plan.nickname}
          plan={plan}
          choice={choosePlan(plan, subscription)}
          current={isCurrentPlan(plan, subscription)}
          offerTrial={offerTrial && isTeamPlanNickname(plan.nickname)}
          onChoose={onChoose}
          onStartTrial={onStartTrial}
          busy={busy === true}
        />
      ))}
    </ul>
  );
}

interface PlanCardProps {
  plan: Plan;
  choice: PlanChoice;
  current: boolean;
  offerTrial: boolean;
  onChoose: PlanCardsProps['onChoose'];
  onStartTrial: () => void;
  busy: boolean;
}

function PlanCard({ plan, choice, current, offerTrial, onChoose, onStartTrial, busy }: PlanCardProps) {
  const nameId = useId();
  return (
    <li className="plan-cards__item">
      <article
        className={current ? 'plan-card plan-card--current' : 'plan-card'}
        aria-labelledby={nameId}
        aria-current={current ? 'true' : undefined}
      >
        {offerTrial ? (
          <button type="button" className="plan-card__trial" disabled={busy} onClick={onStartTrial}>
            {PLAN_CARDS_TEXT.trial}
          </button>
        ) : null}
        <div className="plan-card__head">
          <PlanIcon icon={plan.icon} />
          <h3 id={nameId} className="plan-card__name">
            {plan.name}
          </h3>
          {current ? <span className="plan-card__badge">{PLAN_CARDS_TEXT.current}</span> : null}
        </div>
        <p className="plan-card__price">
          {plan.price} <span className="plan-card__unit">{plan.unit}</span>
        </p>
        <p className="plan-card__details">{plan.billingDetails}</p>
        <ul className="plan-card__features">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <button
          type="button"
          className={choice === 'pay' ? 'button button--primary' : 'button button--secondary'}
          disabled={busy || choice === 'none'}
          onClick={() => {
            if (choice !== 'none') onChoose(plan, choice);
          }}
        >
          {planButtonLabel(plan, choice, current)}
        </button>
      </article>
    </li>
  );
}
