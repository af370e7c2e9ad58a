import type { Profile } from '@coffer/core';
import { pendingEmailNote, RESEND_EMAIL_CHANGE_LABEL } from './email-change-messages.js';
import { openEmailModal } from './email-modal.js';
import { useEmailChangeResend } from './use-email-change-resend.js';

/**
 * Account Settings' Email row: the address, the one waiting for its link if any (with 'Resend
 * email' for its link), and Change.
 */
export function EmailRow({ profile }: { profile: Profile }) {
  const linkResend = useEmailChangeResend();
  const pending = profile.pending_email;
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Email</h2>
      <div className="settings-row__value">
        <p className="settings-row__field">{profile.email}</p>
        {pending ? (
          <p className="settings-row__hint">
            <span role="status">{pendingEmailNote(pending)}</span>{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => void linkResend.resend(pending)}
              disabled={linkResend.sending}
            >
              {RESEND_EMAIL_CHANGE_LABEL}
            </button>
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void openEmailModal()}
      >
        Change <span className="visually-hidden">Email</span>
      </button>
    </div>
  );
}
