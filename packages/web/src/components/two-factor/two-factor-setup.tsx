import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchBackupCodes } from '../../api/accounts-two-factor-api.js';
import { profileQueryKey } from '../../session/profile-query.js';
import { TwoFactorChoiceStep } from './two-factor-choice-step.js';
import { TwoFactorCodeStep } from './two-factor-code-step.js';
import { TwoFactorConfirmStep } from './two-factor-confirm-step.js';
import { RECOVERY_CODES_FAILED_MESSAGE, TwoFactorSuccessStep } from './two-factor-success-step.js';
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
  const [finishing, setFinishing] = useState(false);
  const queryClient = useQueryClient();
  // Fetched once two-step is on and kept while SUCCESS and CONFIRM alternate; dropped on unmount.
  const codes = useQuery({
    queryKey: ['two-factor', 'backup-codes'],
    queryFn: async () => {
      const outcome = await fetchBackupCodes();
      if (!outcome.ok) throw new Error(outcome.message ?? RECOVERY_CODES_FAILED_MESSAGE);
      return outcome.value;
    },
    enabled: step === 'success' || step === 'confirm',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  const finish = async () => {
    setFinishing(true);
    try {
      // The server set otp_required_for_login on activation; the profile must say so before moving on.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    } finally {
      setFinishing(false);
    }
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
          busy={finishing}
        />
      ) : null}
    </div>
  );
}
