// The commercial model (spec sections 1 and 9): the free tier, the Team Plan and its trial.
import type { Plan } from '../model/billing-model.js';
import { formatPence } from './format-helpers.js';

/** Limits of the free (individuals) plan. */
export const FREE_PLAN = { users: 1, chests: 1, secrets: 25 } as const;

/** The Team Plan; its provider price carries the literal nickname 'CofferPaid'. */
export const TEAM_PLAN = {
  maxUsers: 50,
  nickname: 'CofferPaid',
  unitAmountPence: 300,
  currency: 'gbp',
} as const;

// Nickname of the free plan card.
const FREE_PLAN_NICKNAME = 'Free';

/** Length of the free trial of the Team Plan. */
export const TRIAL_DAYS = 30;

/** Feature lines of each plan card. */
export const PLAN_FEATURES = {
  free: ['1 user / 1 device', '25 secrets', '1 chest', 'AES-256 and MFA'],
  team: [
    'Up to 50 users',
    'Unlimited secrets',
    'Unlimited chests',
    'Team sharing',
    'AES-256 encryption and MFA',
  ],
} as const;

/** The free card of /plans. */
export const FREE_PLAN_CARD: Plan = {
  nickname: FREE_PLAN_NICKNAME,
  icon: 'free',
  name: 'Free',
  price: formatPence(0),
  priceNum: 0,
  billingDetails: 'Free for individuals',
  unit: '1 user / 1 device',
  features: [...PLAN_FEATURES.free],
};

/** The Team Plan card of /plans. */
export const TEAM_PLAN_CARD: Plan = {
  nickname: TEAM_PLAN.nickname,
  icon: 'team',
  name: 'Team Plan',
  price: formatPence(TEAM_PLAN.unitAmountPence),
  priceNum: TEAM_PLAN.unitAmountPence / 100,
  billingDetails: 'Billed monthly, cancel any time',
  unit: 'per user per month',
  features: [...PLAN_FEATURES.team],
};

/** Whether a subscription's plan nickname selects the Team Plan. */
export function isTeamPlanNickname(nickname: string | null | undefined): boolean {
  return nickname === TEAM_PLAN.nickname;
}

/** The next payment in pence: unit amount times number of accounts. */
export function calculateNextPayment(unitAmountPence: number, accounts: number): number {
  return unitAmountPence * accounts;
}
