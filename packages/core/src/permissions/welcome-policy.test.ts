import { describe, expect, it } from 'vitest';
import {
  isWelcomeComplete,
  nextWelcomeStep,
  skipWelcome,
  type WelcomeUser,
  welcomeMenuItems,
  welcomeProgress,
} from './welcome-policy.js';

const base: WelcomeUser = {
  administrator: false,
  must_change_password: false,
  tutorial: false,
  has_secret: false,
  otp_required_for_login: false,
};

describe('welcomeProgress for administrators', () => {
  const admin = { ...base, administrator: true };

  it.each([
    [{}, { password: true, tutorial: false, twofactor: true, secret: false }],
    [{ must_change_password: true }, { password: false, tutorial: false, twofactor: true, secret: false }],
    [{ tutorial: true }, { password: true, tutorial: true, twofactor: true, secret: false }],
    [{ has_secret: true }, { password: true, tutorial: false, twofactor: true, secret: true }],
    [{ otp_required_for_login: true }, { password: true, tutorial: false, twofactor: true, secret: false }],
  ])('flags %o as %o', (overrides, expected) => {
    expect(welcomeProgress({ ...admin, ...overrides })).toEqual(expected);
  });
});

describe('welcomeProgress for non-administrators', () => {
  it.each([
    [{}, { password: true, tutorial: true, twofactor: false, secret: true }],
    [{ must_change_password: true }, { password: false, tutorial: true, twofactor: false, secret: true }],
    [{ otp_required_for_login: true }, { password: true, tutorial: true, twofactor: true, secret: true }],
    [
      { tutorial: false, has_secret: false },
      { password: true, tutorial: true, twofactor: false, secret: true },
    ],
  ])('flags %o as %o', (overrides, expected) => {
    expect(welcomeProgress({ ...base, ...overrides })).toEqual(expected);
  });
});

describe('nextWelcomeStep', () => {
  const all = { password: true, tutorial: true, twofactor: true, secret: true };

  it('asks everyone for a personal password first', () => {
    expect(nextWelcomeStep({ ...all, password: false, tutorial: false }, true)).toBe('personal_password');
    expect(nextWelcomeStep({ ...all, password: false, twofactor: false }, false)).toBe('personal_password');
  });

  it('takes administrators through tutorial, two-factor and first secret', () => {
    expect(nextWelcomeStep({ ...all, tutorial: false, twofactor: false, secret: false }, true)).toBe(
      'tutorial',
    );
    expect(nextWelcomeStep({ ...all, twofactor: false, secret: false }, true)).toBe('twofactor');
    expect(nextWelcomeStep({ ...all, secret: false }, true)).toBe('first_secret');
    expect(nextWelcomeStep(all, true)).toBe('done');
  });

  it('takes non-administrators through two-factor, then the tutorial, never a first secret', () => {
    expect(nextWelcomeStep({ ...all, twofactor: false, tutorial: false }, false)).toBe('twofactor');
    expect(nextWelcomeStep({ ...all, tutorial: false }, false)).toBe('tutorial');
    expect(nextWelcomeStep({ ...all, secret: false }, false)).toBe('done');
  });

  it('follows from the user flags end to end', () => {
    const fresh = { ...base, must_change_password: true };
    expect(nextWelcomeStep(welcomeProgress(fresh), false)).toBe('personal_password');
    expect(nextWelcomeStep(welcomeProgress({ ...fresh, must_change_password: false }), false)).toBe(
      'twofactor',
    );
    expect(nextWelcomeStep(welcomeProgress({ ...base, otp_required_for_login: true }), false)).toBe('done');
    const owner = { ...base, administrator: true };
    expect(nextWelcomeStep(welcomeProgress(owner), true)).toBe('tutorial');
    expect(nextWelcomeStep(welcomeProgress({ ...owner, tutorial: true }), true)).toBe('first_secret');
  });
});

describe('completion and skip', () => {
  it('is complete only when every flag is set', () => {
    expect(isWelcomeComplete({ password: true, tutorial: true, twofactor: true, secret: true })).toBe(true);
    expect(isWelcomeComplete({ password: true, tutorial: true, twofactor: false, secret: true })).toBe(false);
  });

  it('skips tutorial, two-factor and secret but not the password', () => {
    const skipped = skipWelcome({ password: false, tutorial: false, twofactor: false, secret: false });
    expect(skipped).toEqual({ password: false, tutorial: true, twofactor: true, secret: true });
  });
});

describe('welcomeMenuItems', () => {
  it('shows administrators the tutorial, two-factor and first secret, and the password only when due', () => {
    const admin = { ...base, administrator: true };
    expect(welcomeMenuItems(admin).map((item) => item.step)).toEqual([
      'tutorial',
      'twofactor',
      'first_secret',
    ]);
    expect(welcomeMenuItems({ ...admin, must_change_password: true }).map((item) => item.step)).toEqual([
      'tutorial',
      'personal_password',
      'twofactor',
      'first_secret',
    ]);
    expect(welcomeMenuItems(admin).find((item) => item.step === 'twofactor')).toEqual({
      step: 'twofactor',
      optional: true,
      done: false,
    });
  });

  it('shows non-administrators the password and two-factor steps', () => {
    expect(welcomeMenuItems(base)).toEqual([
      { step: 'personal_password', optional: false, done: true },
      { step: 'twofactor', optional: false, done: false },
    ]);
  });
});
