import type { UseQueryResult } from '@tanstack/react-query';
import { serverMessageOf } from '../../api/api-error.js';
import { RECOVERY_CODES_FAILED_MESSAGE, RecoveryCodesPanel } from './recovery-codes-panel.js';

export { RECOVERY_CODES_FAILED_MESSAGE } from './recovery-codes-panel.js';

/** SUCCESS: two-step is on; the recovery codes with Print and Download, then Continue. */
export function TwoFactorSuccessStep({
  codes,
  onContinue,
}: {
  codes: UseQueryResult<string[]>;
  onContinue: () => void;
}) {
  return (
    <div className="two-factor__step">
      <h2 className="two-factor__title">Two-Step Verification is on</h2>
      <p>
        From now on you log in with your password and a code from your app. If you lose your phone, a recovery
        code lets you in once. Keep these codes somewhere safe, away from your password.
      </p>
      <RecoveryCodesPanel
        codes={codes.data}
        pending={codes.isPending}
        error={codes.isError ? (serverMessageOf(codes.error) ?? RECOVERY_CODES_FAILED_MESSAGE) : null}
      />
      <div className="form-card__actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </div>
  );
}
