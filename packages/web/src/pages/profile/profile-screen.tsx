import { useSession } from '../../session/use-session.js';
import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import { DisplayNameRow } from './display-name-row.js';
import { EmailRow } from './email-row.js';
import { ExportMySecretsRow } from './export-my-secrets-row.js';
import { KeyFingerprintRow } from './key-fingerprint-row.js';
import { OrganisationRecordRow } from './organisation-record-row.js';
import { openPasswordModal } from './password-modal.js';
import { TwoStepRow } from './two-step-row.js';
import { useGoBack } from './use-go-back.js';
import '../../components/settings-rows/settings-rows.css';
import './profile.css';

/** /profile: 'Account Settings' with Display Name, Email, Password, Two-Step Verification, the key fingerprint and Export. */
export function Component() {
  const { profile } = useSession();
  const goBack = useGoBack();
  useShortcuts([{ id: 'profile.back', keys: 'Escape', description: 'Go back', run: goBack }]);

  return (
    <section className="profile" aria-labelledby="profile-title">
      <div className="profile__top">
        <h1 id="profile-title">Account Settings</h1>
        <button type="button" className="button button--secondary" onClick={goBack}>
          Go back
        </button>
      </div>
      {profile ? (
        <div className="settings-rows">
          <DisplayNameRow profile={profile} />
          <EmailRow profile={profile} />
          <div className="settings-row">
            <h2 className="settings-row__label">Password</h2>
            <p className="settings-row__value">
              <span aria-hidden="true">••••••••••••</span>
              <span className="visually-hidden">Hidden</span>
            </p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void openPasswordModal()}
            >
              Change <span className="visually-hidden">Password</span>
            </button>
          </div>
          <TwoStepRow profile={profile} />
          <KeyFingerprintRow owner={profile} />
          <OrganisationRecordRow />
          <ExportMySecretsRow profile={profile} />
        </div>
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}
