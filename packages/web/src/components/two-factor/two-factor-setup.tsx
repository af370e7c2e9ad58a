import { useState } from 'react';
import { useRefreshProfile } from '../../api/accounts-mutations.js';
import { useNewBackupCodes } from '../../api/accounts-queries.js';
import { TwoFactorChoiceStep } from './two-factor-choice-step.js';
import { TwoFactorCodeStep } from './two-factor-code-step.js';
import { TwoFactorConfirmStep } from './two-factor-confirm-step.js';
import { TwoFactorSuccessStep } from './two-factor-success-step.js';
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
 * Used at /profile/twofactor and by the welcome flow at /welcome/twofactor.
 */
export function TwoFactorSetup({ onDone, onCancel }: TwoFactorSetupProps) {
  const [step, setStep] = useState<TwoFactorStep>('choice');
  // Fetched once two-step is on and kept while SUCCESS and CONFIRM alternate.
  const codes = useNewBackupCodes(step === 'success' || step === 'confirm');
  const refresh = useRefreshProfile();

  const finish = async () => {
    // The server set otp_required_for_login on activation; the profile must say so before moving on.
    await refresh.mutateAsync();
    onDone();
  };

  return (
    <div className="two-factor" data-step={step}>
      {step === 'choice' ? <TwoFactorChoiceStep onNext={() => setStep('code')} onCancel={onCancel} /> : null}
      {step === 'code' ? (
        <TwoFactorCodeStep onActivated={() => setStep('success')} onBack={() => setStep('choice')} />
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
