import type { WelcomeStep, WelcomeUser } from '@coffer/core';
import { nextWelcomeStep, welcomeProgress } from '@coffer/core';
import { paths } from '../../navigation/paths.js';

/** A step of the welcome flow (not 'done'). */
export type WelcomeStepName = Exclude<WelcomeStep, 'done'>;

/** The /welcome menu's button texts (spec section 2, verbatim). */
export const WELCOME_STEP_LABELS: { readonly [S in WelcomeStepName]: string } = {
  tutorial: "Let's explore the product",
  personal_password: 'Setup a personal password',
  twofactor: 'Setup Two-Step Verification',
  first_secret: 'Add your first Secret',
};

/** Where each step lives. */
export const WELCOME_STEP_PATHS: { readonly [S in WelcomeStepName]: string } = {
  tutorial: paths.welcomeTutorial,
  personal_password: paths.welcomePersonalPassword,
  twofactor: paths.welcomeTwoFactor,
  first_secret: paths.welcomeFirstSecret,
};

/**
 * The step to take next, from core's progress flags and order. Core counts the tutorial as done for
 * non-administrators; the spec still sends those who finished password and two-factor but not the
 * tutorial to the tutorial, so their own flag decides once the rest is done.
 */
export function decideWelcomeStep(user: WelcomeUser): WelcomeStep {
  const step = nextWelcomeStep(welcomeProgress(user), user.administrator);
  if (step === 'done' && !user.administrator && !user.tutorial) return 'tutorial';
  return step;
}
