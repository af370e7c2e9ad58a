import { describe, expect, it } from 'vitest';
import {
  calculateNextPayment,
  FREE_PLAN,
  FREE_PLAN_CARD,
  isTeamPlanNickname,
  PLAN_FEATURES,
  TEAM_PLAN,
  TEAM_PLAN_CARD,
  TRIAL_DAYS,
} from './plan-constants.js';

describe('plans', () => {
  it('fixes the free and team limits', () => {
    expect(FREE_PLAN).toEqual({ users: 1, chests: 1, secrets: 25 });
    expect(TEAM_PLAN).toEqual({
      maxUsers: 50,
      nickname: 'CofferPaid',
      unitAmountPence: 300,
      currency: 'gbp',
    });
    expect(TRIAL_DAYS).toBe(30);
  });

  it('describes the cards with the spec wording', () => {
    expect(PLAN_FEATURES.free).toContain('25 secrets');
    expect(PLAN_FEATURES.free).toContain('1 user / 1 device');
    expect(PLAN_FEATURES.team).toContain('Up to 50 users');
    expect(PLAN_FEATURES.team).toContain('Unlimited secrets');
    expect(FREE_PLAN_CARD).toMatchObject({ nickname: 'Free', price: '£0.00', priceNum: 0 });
    expect(TEAM_PLAN_CARD).toMatchObject({ nickname: 'CofferPaid', price: '£3.00', priceNum: 3 });
    expect(TEAM_PLAN_CARD.features).toEqual([...PLAN_FEATURES.team]);
  });

  it('selects the Team Plan only by the literal nickname', () => {
    expect(isTeamPlanNickname('CofferPaid')).toBe(true);
    expect(isTeamPlanNickname('cofferpaid')).toBe(false);
    expect(isTeamPlanNickname('Free')).toBe(false);
    expect(isTeamPlanNickname(null)).toBe(false);
  });

  it('charges the unit amount per account', () => {
    expect(calculateNextPayment(300, 7)).toBe(2100);
    expect(calculateNextPayment(300, 0)).toBe(0);
  });
});
