import type { Profile } from '@coffer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { disableTwoFactor } from '../../api/accounts-two-factor-api.js';
import { paths } from '../../app/paths.js';
import { openConfirm } from '../../components/modals/confirm-modal.js';
import { notify } from '../../components/notifications/notification-store.js';
import { profileQueryKey } from '../../session/profile-query.js';

/** The disable confirmation of spec sections 4 and 8. */
export const DISABLE_TWO_FACTOR_CONFIRM = {
  title: 'Are you sure you want to disable 2FA?',
  subtext: 'This will allow anybody with your account password to access the account.',
  confirmLabel: 'Disable',
  cancelLabel: 'Cancel',
  danger: true,
} as const;

/** Shown when disabling fails without a server message. */
export const DISABLE_TWO_FACTOR_FAILED_MESSAGE =
  'Two-step verification could not be disabled. Please try again.';

/** The Two-Step Verification row: Disable asks first; Enable goes to /profile/twofactor. */
export function TwoStepRow({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enabled = profile.otp_required_for_login;

  const disable = async () => {
    if (!(await openConfirm(DISABLE_TWO_FACTOR_CONFIRM))) return;
    const outcome = await disableTwoFactor();
    if (!outcome.ok) {
      notify({ type: 'error', message: outcome.message ?? DISABLE_TWO_FACTOR_FAILED_MESSAGE });
      return;
    }
    queryClient.setQueryData<Profile | null>(profileQueryKey, (p) =>
      p ? { ...p, otp_required_for_login: false } : p,
    );
    notify({ type: 'success', message: outcome.message ?? 'Success' });
  };

  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Two-Step Verification</h2>
      <p className="settings-row__value">{enabled ? 'Enabled' : 'Disabled'}</p>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => (enabled ? void disable() : void navigate(paths.profileTwoFactor))}
      >
        {enabled ? 'Disable' : 'Enable'} <span className="visually-hidden">Two-Step Verification</span>
      </button>
    </div>
  );
}
