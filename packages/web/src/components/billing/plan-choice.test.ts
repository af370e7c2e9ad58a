import { FREE_PLAN_CARD, TEAM_PLAN_CARD } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { choosePlan, isCurrentPlan, planButtonLabel } from './plan-choice.js';
import { buildSubscription } from './testing/billing-fixtures.js';

describe('choosing a plan card', () => {
  it('on the free plan: the Team Plan opens the payment form, Free is the current plan', () => {
    expect(choosePlan(TEAM_PLAN_CARD, 'No Subscription')).toBe('pay');
    expect(choosePlan(FREE_PLAN_CARD, 'No Subscription')).toBe('none');
    expect(isCurrentPlan(FREE_PLAN_CARD, 'No Subscription')).toBe(true);
    expect(planButtonLabel(FREE_PLAN_CARD, 'none', true)).toBe('Current Plan');
    expect(planButtonLabel(TEAM_PLAN_CARD, 'pay', false)).toBe('Choose Team Plan');
  });

  it('on the paid Team Plan: Free or the current plan ask to cancel', () => {
    const paid = buildSubscription();
    expect(choosePlan(FREE_PLAN_CARD, paid)).toBe('cancel');
    expect(choosePlan(TEAM_PLAN_CARD, paid)).toBe('cancel');
    expect(isCurrentPlan(TEAM_PLAN_CARD, paid)).toBe(true);
    expect(planButtonLabel(TEAM_PLAN_CARD, 'cancel', true)).toBe('Cancel Team Plan');
    expect(planButtonLabel(FREE_PLAN_CARD, 'cancel', false)).toBe('Choose Free');
  });

  it('while trialling: the Team Plan is current and still leads to the payment form', () => {
    const trial = buildSubscription({ status: 'trialing' });
    expect(isCurrentPlan(TEAM_PLAN_CARD, trial)).toBe(true);
    expect(choosePlan(TEAM_PLAN_CARD, trial)).toBe('pay');
    expect(choosePlan(FREE_PLAN_CARD, trial)).toBe('cancel');
  });
});
