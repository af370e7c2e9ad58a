// Keys the browser trusts (docs/web.md): the background reshare of administrators, the people to
// confirm, the confirmation dialog the crypto client's callers pass as `confirm`.

export { AdministratorKeyTrust } from './administrator-key-trust.js';
export {
  CONFIRM_PEOPLE_LABEL,
  CONFIRM_PEOPLE_TITLE,
  ConfirmPeopleModal,
  confirmPeople,
  KEY_CHANGED_TITLE,
} from './confirm-people-modal.js';
export { KeyTrustHost } from './key-trust-host.js';
export type { PersonName } from './people-directory.js';
export { lookUpPeople } from './people-directory.js';
export { PEOPLE_TO_CONFIRM_TITLE, PeopleToConfirmNotice } from './people-to-confirm-notice.js';
export { ReshareProgressIndicator } from './reshare-progress-indicator.js';
export type { ReshareRunner, ReshareRunnerDeps, ReshareRunnerState, RunRequest } from './reshare-runner.js';
export {
  createReshareRunner,
  FULL_RUN_INTERVAL_MS,
  POLL_INTERVAL_MS,
  reshareRunner,
} from './reshare-runner.js';
export type { LockManagerLike, LockMode, LockOutcome, RunLock } from './run-lock.js';
export { createRunLock, RESHARE_LOCK_NAME } from './run-lock.js';
export { useBackgroundReshare } from './use-background-reshare.js';
export { RESHARE_NOTHING, RESHARE_STARTED, useManualReshare } from './use-manual-reshare.js';
