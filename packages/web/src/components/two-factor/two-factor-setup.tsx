import type { TwoFactorSetup as TwoFactorSeed } from '@coffer/core';
import { useState } from 'react';
import { useRefreshProfile, useStartTwoFactor } from '../../api/accounts-mutations.js';
import { useNewBackupCodes } from '../../api/accounts-queries.js';
import { serverMessageOf } from '../../api/api-error.js';
import { useSession } from '../../session/use-session.js';
import { withFreshPassword } from '../modals/fresh-password.js';
import { TwoFactorChoiceStep } from './two-factor-choice-step.js';
import { TwoFactorCodeStep } from './two-factor-code-step.js';
import { TwoFactorConfirmStep } from './two-factor-confirm-step.js';
import { TwoFactorSuccessStep } from './two-factor-success-step.js';
import { START_TWO_FACTOR_CONFIRM, TWO_FACTOR_CODE_FAILED_MESSAGE } from './two-factor-texts.js';
import '../form-fields/form-card.css';
import './two-factor.css';

/** The steps of two-step setup (spec section 4). */
export type TwoFactorStep = 'choice' | 'code' | 'success' | 'confirm';

/** Props of the two-step setup. */
export interface TwoFactorSetupProps {
  /** Called after CONFIRM's Yes, once the profile (otp_required_for_login true) is refreshed. */
  onDone: () => void;
  /** Shows a Cancel button on the CHOICE step (the profile's setup offers one; the welcome flow may not). */
  onCancel?: () => void;
}

/**
 * Two-step verification setup: CHOICE (get an app), CODE (QR or key, then a code), SUCCESS
 * (recovery codes with Print and Download), CONFIRM ('Did you save your recovery codes?').
 * Used at /profile/twofactor and by the welcome flow at /welcome/twofactor. Leaving CHOICE asks
 * for the password (SecureConfirm): the server hands out a seed only to a session that has just
 * proven it, so a stolen session token cannot set up a seed of its own.
 */
export function TwoFactorSetup({ onDone, onCancel }: TwoFactorSetupProps) {
  const { profile } = useSession();
  const [step, setStep] = useState<TwoFactorStep>('choice');
  // The seed of this setup, shown at CODE; each start makes a new one.
  const [seed, setSeed] = useState<TwoFactorSeed | null>(null);
  const [startError, setStartError] = useState<string>();
  const starting = useStartTwoFactor();
  // Fetched once two-step is on and kept while SUCCESS and CONFIRM alternate.
  const codes = useNewBackupCodes(step === 'success' || step === 'confirm');
  const refresh = useRefreshProfile();

  const start = async () => {
    if (!profile || starting.isPending) return;
    setStartError(undefined);
    try {
      const started = await withFreshPassword({ ...START_TWO_FACTOR_CONFIRM, account: profile }, () =>
        starting.mutateAsync(),
      );
      if (!started.done) return;
      setSeed(started.value);
      setStep('code');
    } catch (error) {
      setStartError(serverMessageOf(error) ?? TWO_FACTOR_CODE_FAILED_MESSAGE);
    }
  };

  const finish = async () => {
    // The server set otp_required_for_login on activation; the profile must say so before moving on.
    await refresh.mutateAsync();
    onDone();
  };

  return (
    <div className="two-factor" data-step={step}>
      {step === 'choice' ? (
        <TwoFactorChoiceStep
          onNext={() => void start()}
          onCancel={onCancel}
          busy={!profile || starting.isPending}
          error={startError}
        />
      ) : null}
      {step === 'code' && seed && profile ? (
        <TwoFactorCodeStep
          seed={seed}
          account={profile}
          onActivated={() => setStep('success')}
          onBack={() => setStep('choice')}
        />
      ) : null}
      {step === 'success' ? (
        <TwoFactorSuccessStep codes={codes} onContinue={() => setStep('confirm')} />
      ) : null}
      {step === 'confirm' ? (
        <TwoFactorConfirmStep
          onYes={() => void finish()}
          onBack={() => setStep('success')}
          busy={refresh.isPending}
        />
      ) : null}
    </div>
  );
}
