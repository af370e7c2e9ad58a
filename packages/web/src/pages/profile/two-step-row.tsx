import type { Profile } from '@coffer/core';
import { useNavigate } from 'react-router';
import { useDisableTwoFactor, useRenewBackupCodes } from '../../api/accounts-mutations.js';
import { serverMessageOf } from '../../api/api-error.js';
import { withFreshPassword } from '../../components/modals/fresh-password.js';
import { openRecoveryCodesModal } from '../../components/two-factor/recovery-codes-modal.js';
import { RECOVERY_CODES_FAILED_MESSAGE } from '../../components/two-factor/recovery-codes-panel.js';
import { notify } from '../../lib/notification-store.js';
import { paths } from '../../navigation/paths.js';

/**
 * The disable confirmation of spec sections 4 and 8, asked as a SecureConfirm: the server turns
 * two-step off only for a session that has just proven the password.
 */
export const DISABLE_TWO_FACTOR_CONFIRM = {
  title: 'Are you sure you want to disable 2FA?',
  subtext: 'This will allow anybody with your account password to access the account.',
  confirmLabel: 'Disable',
  cancelLabel: 'Cancel',
  danger: true,
} as const;

/** The SecureConfirm before new recovery codes (the spec has no text for it). */
export const NEW_RECOVERY_CODES_CONFIRM = {
  title: 'Get new recovery codes?',
  subtext: 'Your current recovery codes will stop working. Enter your password to continue.',
  confirmLabel: 'Get new codes',
  cancelLabel: 'Cancel',
} as const;

/** Shown when disabling fails without a server message. */
export const DISABLE_TWO_FACTOR_FAILED_MESSAGE =
  'Two-step verification could not be disabled. Please try again.';

/**
 * The Two-Step Verification row: Disable and New recovery codes ask for the password first
 * (SecureConfirm); Enable goes to /profile/twofactor.
 */
export function TwoStepRow({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const disabling = useDisableTwoFactor();
  const renewing = useRenewBackupCodes();
  const busy = disabling.isPending || renewing.isPending;
  const enabled = profile.otp_required_for_login;

  // The SecureConfirm is a modal: while it asks, the row behind it cannot be used.
  const disable = async () => {
    let outcome: Awaited<ReturnType<typeof disabling.mutateAsync>>;
    try {
      const guarded = await withFreshPassword({ ...DISABLE_TWO_FACTOR_CONFIRM, account: profile }, () =>
        disabling.mutateAsync(),
      );
      if (!guarded.done) return;
      outcome = guarded.value;
    } catch (error) {
      notify({ type: 'error', message: serverMessageOf(error) ?? DISABLE_TWO_FACTOR_FAILED_MESSAGE });
      return;
    }
    if (!outcome.ok) {
      notify({ type: 'error', message: outcome.message ?? DISABLE_TWO_FACTOR_FAILED_MESSAGE });
      return;
    }
    notify({ type: 'success', message: outcome.message ?? 'Success' });
  };

  const renewCodes = async () => {
    let codes: string[];
    try {
      const guarded = await withFreshPassword({ ...NEW_RECOVERY_CODES_CONFIRM, account: profile }, () =>
        renewing.mutateAsync(),
      );
      if (!guarded.done) return;
      codes = guarded.value;
    } catch (error) {
      notify({ type: 'error', message: serverMessageOf(error) ?? RECOVERY_CODES_FAILED_MESSAGE });
      return;
    }
    await openRecoveryCodesModal(codes);
  };

  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Two-Step Verification</h2>
      <p className="settings-row__value">{enabled ? 'Enabled' : 'Disabled'}</p>
      <div className="settings-row__actions">
        {enabled ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() => void renewCodes()}
          >
            New recovery codes
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => (enabled ? void disable() : void navigate(paths.profileTwoFactor))}
        >
          {enabled ? 'Disable' : 'Enable'} <span className="visually-hidden">Two-Step Verification</span>
        </button>
      </div>
    </div>
  );
}
