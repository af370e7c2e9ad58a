import { SigningProgressIndicator } from '../trust-log/signing-progress-indicator.js';
import { useBackgroundSigning } from '../trust-log/use-background-signing.js';
import { PeopleToConfirmNotice } from './people-to-confirm-notice.js';
import { ReshareProgressIndicator } from './reshare-progress-indicator.js';
import { useBackgroundReshare } from './use-background-reshare.js';
import './key-trust.css';

/**
 * The administrator's part of the host: the background reshare and the signing of older secrets, their
 * progress, the people to confirm.
 */
export function AdministratorKeyTrust({ ownerId }: { ownerId: string }) {
  useBackgroundReshare(ownerId);
  useBackgroundSigning(ownerId);
  return (
    <div className="key-trust">
      <ReshareProgressIndicator />
      <SigningProgressIndicator />
      <PeopleToConfirmNotice ownerId={ownerId} />
    </div>
  );
}
