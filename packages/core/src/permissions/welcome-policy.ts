// Onboarding (spec sections 2 and 3): progress flags and the next welcome step.
import type { WelcomeProgress } from '../model/index.js';

/** The user fields onboarding reads. */
export interface WelcomeUser {
  administrator: boolean;
  must_change_password: boolean;
  tutorial: boolean;
  has_secret: boolean;
  otp_required_for_login: boolean;
}

/** A welcome step, or 'done' when every flag is set (first_time then becomes false). */
export type WelcomeStep = 'tutorial' | 'personal_password' | 'twofactor' | 'first_secret' | 'done';

/**
 * The progress flags, exactly as section 3 defines them. Non-administrators have no
 * first-secret step, so their `secret` flag is always true.
 */
export function welcomeProgress(user: WelcomeUser): WelcomeProgress {
  const password = !user.must_change_password;
  if (user.administrator)
    return { password, tutorial: user.tutorial, twofactor: true, secret: user.has_secret };
  return { password, tutorial: true, twofactor: user.otp_required_for_login, secret: true };
}

/**
 * The order steps are taken in. The personal password comes first for everyone, because a
 * generated password is known to whoever created the account. Administrators then explore,
 * secure and add a first secret (the menu's order); non-administrators set up two-step
 * verification and finish with the tutorial ("finished password and two-factor but not the
 * tutorial go to the tutorial").
 */
const WELCOME_STEP_ORDER = {
  administrator: ['personal_password', 'tutorial', 'twofactor', 'first_secret'],
  user: ['personal_password', 'twofactor', 'tutorial'],
} as const satisfies Record<string, readonly Exclude<WelcomeStep, 'done'>[]>;

const FLAG_OF_STEP = {
  personal_password: 'password',
  tutorial: 'tutorial',
  twofactor: 'twofactor',
  first_secret: 'secret',
} as const satisfies Record<Exclude<WelcomeStep, 'done'>, keyof WelcomeProgress>;

/** The first unfinished step in the role's order, or 'done'. */
export function nextWelcomeStep(progress: WelcomeProgress, isAdmin: boolean): WelcomeStep {
  const order = isAdmin ? WELCOME_STEP_ORDER.administrator : WELCOME_STEP_ORDER.user;
  return order.find((step) => !progress[FLAG_OF_STEP[step]]) ?? 'done';
}

/** Whether onboarding is over: every flag set. */
export function isWelcomeComplete(progress: WelcomeProgress): boolean {
  return progress.tutorial && progress.twofactor && progress.secret && progress.password;
}

/** The administrators' Skip: tutorial, two-factor and first secret count as done. */
export function skipWelcome(progress: WelcomeProgress): WelcomeProgress {
  return { ...progress, tutorial: true, twofactor: true, secret: true };
}

/** One button of the /welcome menu. */
export interface WelcomeMenuItem {
  step: Exclude<WelcomeStep, 'done'>;
  optional: boolean;
  done: boolean;
}

/** The /welcome menu's buttons for a user, in the spec's order. */
export function welcomeMenuItems(user: WelcomeUser): WelcomeMenuItem[] {
  const progress = welcomeProgress(user);
  const admin = user.administrator;
  const items: WelcomeMenuItem[] = [];
  if (admin) items.push({ step: 'tutorial', optional: true, done: progress.tutorial });
  if (user.must_change_password || !admin) {
    items.push({ step: 'personal_password', optional: false, done: progress.password });
  }
  items.push({
    step: 'twofactor',
    optional: admin,
    done: admin ? user.otp_required_for_login : progress.twofactor,
  });
  if (admin) items.push({ step: 'first_secret', optional: false, done: progress.secret });
  return items;
}
