import { PeopleToConfirmNotice } from './people-to-confirm-notice.js';
import { ReshareProgressIndicator } from './reshare-progress-indicator.js';
import { useBackgroundReshare } from './use-background-reshare.js';
import './key-trust.css';

/** The administrator's part of the host: the background reshare, its progress, the people to confirm. */
export function AdministratorKeyTrust({ ownerId }: { ownerId: string }) {
  useBackgroundReshare(ownerId);
  return (
    <div className="key-trust">
      <ReshareProgressIndicator />
      <PeopleToConfirmNotice ownerId={ownerId} />
    </div>
  );
}
