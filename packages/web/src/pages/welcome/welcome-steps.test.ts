import { describe, expect, it } from 'vitest';
import { decideWelcomeStep } from './welcome-steps.js';

const user = {
  administrator: false,
  must_change_password: false,
  tutorial: false,
  has_secret: false,
  otp_required_for_login: false,
};
const admin = { ...user, administrator: true };

describe('the next welcome step', () => {
  it('takes administrators through password (when due), tutorial, two-factor-free, first secret', () => {
    expect(decideWelcomeStep({ ...admin, must_change_password: true })).toBe('personal_password');
    expect(decideWelcomeStep(admin)).toBe('tutorial');
    expect(decideWelcomeStep({ ...admin, tutorial: true })).toBe('first_secret');
    expect(decideWelcomeStep({ ...admin, tutorial: true, has_secret: true })).toBe('done');
  });

  it('takes non-administrators through password, two-factor, then the tutorial', () => {
    expect(decideWelcomeStep({ ...user, must_change_password: true })).toBe('personal_password');
    expect(decideWelcomeStep(user)).toBe('twofactor');
    expect(decideWelcomeStep({ ...user, otp_required_for_login: true })).toBe('tutorial');
    expect(decideWelcomeStep({ ...user, otp_required_for_login: true, tutorial: true })).toBe('done');
  });

  it('never asks a non-administrator for a first secret', () => {
    expect(
      decideWelcomeStep({ ...user, otp_required_for_login: true, tutorial: true, has_secret: false }),
    ).toBe('done');
  });
});
