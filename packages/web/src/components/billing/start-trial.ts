import { useNavigate } from 'react-router';
import { useStartTrial } from '../../api/billing-mutations.js';
import { notify } from '../../lib/notification-store.js';
import { paths } from '../../navigation/paths.js';
import type { SettingsLocationState } from '../../navigation/settings-location.js';
import { failureText } from '../admin-shell/admin-action.js';

/** Texts of the trial's start. */
export const TRIAL_TEXT = {
  started: 'Your 30-day free trial of the Team Plan has started.',
  failed: 'The free trial could not be started. Please try again.',
} as const;

/**
 * Starts the one-time 30-day trial (POST subscriptions with no body), then goes to the settings'
 * Billing (spec section 4: a trial "leads to /admin/settings"). A refusal, a string answer included,
 * is shown as an error (spec section 8). Answers whether the trial started.
 */
export function useStartTrialFlow() {
  const navigate = useNavigate();
  const trial = useStartTrial();
  const start = async (): Promise<boolean> => {
    if (trial.isPending) return false;
    try {
      await trial.mutateAsync();
    } catch (error) {
      notify({ type: 'error', message: failureText(error, TRIAL_TEXT.failed) });
      return false;
    }
    notify({ type: 'success', message: TRIAL_TEXT.started });
    const state: SettingsLocationState = { fromPlans: true };
    void navigate(paths.adminSettings, { state });
    return true;
  };
  return { start, starting: trial.isPending };
}
