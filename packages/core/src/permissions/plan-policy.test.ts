import { describe, expect, it } from 'vitest';
import type { Subscription } from '../model/index.js';
import {
  CHESTS_LIMIT_MESSAGE,
  canUseTeams,
  checkPlanLimit,
  FREE_PLAN_LIMIT_NOTICE,
  hasTrialled,
  isOnTeamPlan,
  isSubscribed,
  USERS_LIMIT_MESSAGE,
} from './plan-policy.js';

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    status: 'active',
    billing_cycle_anchor: 1714557600,
    plan: { nickname: 'CofferPaid' },
    items: { data: [{ price: { unit_amount: 300 }, quantity: 3 }] },
    ...overrides,
  };
}

describe('subscription state', () => {
  it('is subscribed only when active', () => {
    expect(isSubscribed(subscription())).toBe(true);
    expect(isSubscribed(subscription({ status: 'trialing' }))).toBe(false);
    expect(isSubscribed('No Subscription')).toBe(false);
    expect(isSubscribed(undefined)).toBe(false);
  });

  it('is on the Team Plan when the nickname is CofferPaid and it is running', () => {
    expect(isOnTeamPlan(subscription())).toBe(true);
    expect(isOnTeamPlan(subscription({ status: 'trialing' }))).toBe(true);
    expect(isOnTeamPlan(subscription({ status: 'canceled' }))).toBe(false);
    expect(isOnTeamPlan(subscription({ plan: { nickname: 'Free' } }))).toBe(false);
    expect(isOnTeamPlan('No subscription')).toBe(false);
  });
});

describe('canUseTeams', () => {
  it('opens Teams and Users on the paid plan only', () => {
    expect(canUseTeams(subscription())).toBe(true);
    expect(canUseTeams('No Subscription')).toBe(false);
    expect(canUseTeams(null)).toBe(false);
  });

  it('opens them always when billing is off', () => {
    expect(canUseTeams('No Subscription', 'off')).toBe(true);
  });
});

describe('hasTrialled', () => {
  it('reads the string metadata flag', () => {
    expect(hasTrialled({ metadata: { trialled: 'true' } })).toBe(true);
    expect(hasTrialled({ metadata: {} })).toBe(false);
    expect(hasTrialled(undefined)).toBe(false);
  });
});

describe('checkPlanLimit', () => {
  const counts = { users: 1, chests: 1, secrets: 25 };

  it('stops the free plan at 1 user, 1 chest and 25 secrets', () => {
    expect(checkPlanLimit({ teamPlan: false, adding: 'user', counts })).toBe(USERS_LIMIT_MESSAGE);
    expect(checkPlanLimit({ teamPlan: false, adding: 'chest', counts })).toBe(CHESTS_LIMIT_MESSAGE);
    expect(checkPlanLimit({ teamPlan: false, adding: 'secret', counts })).toBe(CHESTS_LIMIT_MESSAGE);
    const room = { users: 0, chests: 0, secrets: 24 };
    expect(checkPlanLimit({ teamPlan: false, adding: 'user', counts: room })).toBeNull();
    expect(checkPlanLimit({ teamPlan: false, adding: 'chest', counts: room })).toBeNull();
    expect(checkPlanLimit({ teamPlan: false, adding: 'secret', counts: room })).toBeNull();
  });

  it('stops the Team Plan at 50 users only', () => {
    const many = { users: 49, chests: 300, secrets: 10_000 };
    expect(checkPlanLimit({ teamPlan: true, adding: 'user', counts: many })).toBeNull();
    expect(checkPlanLimit({ teamPlan: true, adding: 'user', counts: { ...many, users: 50 } })).toBe(
      USERS_LIMIT_MESSAGE,
    );
    expect(checkPlanLimit({ teamPlan: true, adding: 'chest', counts: many })).toBeNull();
    expect(checkPlanLimit({ teamPlan: true, adding: 'secret', counts: many })).toBeNull();
  });

  it('uses the spec texts', () => {
    expect(CHESTS_LIMIT_MESSAGE).toBe('Chests exceed subscription limit.');
    expect(USERS_LIMIT_MESSAGE).toBe('Users exceed subscription limit.');
    expect(FREE_PLAN_LIMIT_NOTICE).toBe(
      'You cannot add anymore secrets or chests on the free plan. To add more, you can upgrade to the Teams Plan or remove some secrets.',
    );
  });
});
