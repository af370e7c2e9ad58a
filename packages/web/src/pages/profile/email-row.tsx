import type { Profile } from '@coffer/core';
import { pendingEmailNote } from './email-change-messages.js';
import { openEmailModal } from './email-modal.js';

/** Account Settings' Email row: the address, the one waiting for its link if any, and Change. */
export function EmailRow({ profile }: { profile: Profile }) {
  return (
    <div className="settings-row">
      <h2 className="settings-row__label">Email</h2>
      <div className="settings-row__value">
        <p className="settings-row__field">{profile.email}</p>
        {profile.pending_email ? (
          <p className="settings-row__hint" role="status">
            {pendingEmailNote(profile.pending_email)}
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
