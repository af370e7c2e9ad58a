import type { Plan, SubscriptionResponse } from '@coffer/core';
import { isOnTeamPlan, isTeamPlanNickname } from '@coffer/core';
import { subscriptionOf } from './billing-format.js';

/** What choosing a plan card does: pay for it, cancel the subscription, or nothing (the free plan it is on). */
export type PlanChoice = 'pay' | 'cancel' | 'none';

/**
 * Spec section 2: choosing a plan opens the payment form; choosing Free (or the current plan) opens
 * the cancel confirmation instead. A trial is not paid for yet, so its Team card still leads to the
 * payment form; on the free plan, its own card has nothing to cancel.
 */
export function choosePlan(
  plan: Pick<Plan, 'nickname'>,
  answer: SubscriptionResponse | null | undefined,
): PlanChoice {
  const onTeamPlan = isOnTeamPlan(answer);
  if (!isTeamPlanNickname(plan.nickname)) return onTeamPlan ? 'cancel' : 'none';
  if (!onTeamPlan || subscriptionOf(answer)?.status === 'trialing') return 'pay';
  return 'cancel';
}

/** Whether a card is the plan the organisation is on (marked selected). */
export function isCurrentPlan(
  plan: Pick<Plan, 'nickname'>,
  answer: SubscriptionResponse | null | undefined,
): boolean {
  return isTeamPlanNickname(plan.nickname) === isOnTeamPlan(answer);
}

/** The card's button: what choosing it does, in words. */
export function planButtonLabel(plan: Pick<Plan, 'name'>, choice: PlanChoice, current: boolean): string {
  if (choice === 'none') return 'Current Plan';
  if (choice === 'cancel' && current) return `Cancel ${plan.name}`;
  return `Choose ${plan.name}`;
}
