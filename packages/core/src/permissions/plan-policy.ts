// The paid-plan gate and free-plan limits (spec sections 6, 8 and 9).
import { FREE_PLAN, TEAM_PLAN } from '../constants/plan-constants.js';
import type { Customer, SubscriptionResponse } from '../model/index.js';

/** Server error when a chest or secret would exceed the plan. */
export const CHESTS_LIMIT_MESSAGE = 'Chests exceed subscription limit.';
/** Server error when a user would exceed the plan. */
export const USERS_LIMIT_MESSAGE = 'Users exceed subscription limit.';
/** The notification the web app shows for CHESTS_LIMIT_MESSAGE. */
export const FREE_PLAN_LIMIT_NOTICE =
  'You cannot add anymore secrets or chests on the free plan. To add more, you can upgrade to the Teams Plan or remove some secrets.';

/** How billing runs (architecture.md); 'off' gives every organisation the Team Plan's features. */
export type BillingMode = 'local' | 'stripe' | 'off';

// past_due keeps access while the provider retries the card.
const USABLE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** Subscribed: a subscription whose status is 'active'. */
export function isSubscribed(subscription: SubscriptionResponse | null | undefined): boolean {
  return typeof subscription === 'object' && subscription !== null && subscription.status === 'active';
}

/** Whether the organisation is on the Team Plan (paid or trialling). */
export function isOnTeamPlan(subscription: SubscriptionResponse | null | undefined): boolean {
  if (typeof subscription !== 'object' || subscription === null) return false;
  return subscription.plan?.nickname === TEAM_PLAN.nickname && USABLE_STATUSES.has(subscription.status);
}

/** The Teams and Users section: only on the Team Plan, or always when billing is off. */
export function canUseTeams(
  subscription: SubscriptionResponse | null | undefined,
  billing: BillingMode = 'local',
): boolean {
  return billing === 'off' || isOnTeamPlan(subscription);
}

/** Whether the customer has used the free trial already (metadata.trialled is the string 'true'). */
export function hasTrialled(customer: Pick<Customer, 'metadata'> | null | undefined): boolean {
  return customer?.metadata?.trialled === 'true';
}

/** What is about to be added, and the organisation's counts before adding it. */
export interface PlanLimitInput {
  teamPlan: boolean;
  adding: 'user' | 'chest' | 'secret';
  counts: { users: number; chests: number; secrets: number };
}

/** The server's refusal message when adding one more would exceed the plan, else null. */
export function checkPlanLimit({ teamPlan, adding, counts }: PlanLimitInput): string | null {
  if (adding === 'user') {
    const max = teamPlan ? TEAM_PLAN.maxUsers : FREE_PLAN.users;
    return counts.users + 1 > max ? USERS_LIMIT_MESSAGE : null;
  }
  if (teamPlan) return null;
  if (adding === 'chest') return counts.chests + 1 > FREE_PLAN.chests ? CHESTS_LIMIT_MESSAGE : null;
  return counts.secrets + 1 > FREE_PLAN.secrets ? CHESTS_LIMIT_MESSAGE : null;
}
