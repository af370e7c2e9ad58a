import type { Migration } from 'kysely';
import * as organisationsAndUsers from './2026-11-21-0001-organisations-and-users.js';
import * as teamsAndChests from './2026-11-21-0002-teams-and-chests.js';
import * as secrets from './2026-11-21-0003-secrets.js';
import * as auditLogAndStatistics from './2026-11-21-0004-audit-log-and-statistics.js';
import * as billing from './2026-11-21-0005-billing.js';
import * as liveSecretIndexes from './2026-11-22-0001-live-secret-indexes.js';
import * as liveSecretVisibilityIndex from './2026-11-22-0002-live-secret-visibility-index.js';
import * as sessionStepUp from './2026-11-23-0001-session-step-up.js';
import * as listSortColumns from './2026-11-23-0010-list-sort-columns.js';
import * as listSortIndexes from './2026-11-23-0011-list-sort-indexes.js';
import * as attemptCounters from './2026-11-23-0020-attempt-counters.js';
import * as userTeamAndAuditLists from './2026-11-23-0030-user-team-and-audit-lists.js';
import * as billingLedger from './2026-11-24-0001-billing-ledger.js';
import * as statistics from './2026-11-24-0002-statistics.js';
import * as missingKeys from './2026-11-24-0010-missing-keys.js';
import * as keyEndorsements from './2026-11-24-0020-key-endorsements.js';
import * as emailChanges from './2026-11-27-0040-email-changes.js';
import * as billingRecordedPayment from './2026-11-27-0050-billing-recorded-payment.js';
import * as attachments from './2026-11-28-0001-attachments.js';
import * as importBatches from './2026-11-28-0010-import-batches.js';
import * as secretChanges from './2026-12-07-0001-secret-changes.js';
import * as healthDismissals from './2026-12-07-0031-health-dismissals.js';
import * as rotations from './2026-12-07-0041-rotations.js';
import * as rotationsClosedIndex from './2026-12-07-0042-rotations-closed-index.js';
import * as trustLog from './2026-12-07-0050-trust-log.js';
import * as keyPurges from './2026-12-07-0060-key-purges.js';
import * as rotationsWithoutForeignKeys from './2026-12-07-0061-rotations-without-foreign-keys.js';
import * as trustCheckpoints from './2026-12-07-0070-trust-checkpoints.js';
import * as secretSignedHeaders from './2026-12-07-0080-secret-signed-headers.js';
import * as unsignedSecretsIndex from './2026-12-07-0090-unsigned-secrets-index.js';

/**
 * Every migration, by name, in the order they run. Static imports (no folder globbing) so that
 * dist/ works without the sources. Add new files at the end; never edit or rename a landed one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-organisations-and-users': organisationsAndUsers,
  '2026-11-21-0002-teams-and-chests': teamsAndChests,
  '2026-11-21-0003-secrets': secrets,
  '2026-11-21-0004-audit-log-and-statistics': auditLogAndStatistics,
  '2026-11-21-0005-billing': billing,
  '2026-11-22-0001-live-secret-indexes': liveSecretIndexes,
  '2026-11-22-0002-live-secret-visibility-index': liveSecretVisibilityIndex,
  '2026-11-23-0001-session-step-up': sessionStepUp,
  '2026-11-23-0010-list-sort-columns': listSortColumns,
  '2026-11-23-0011-list-sort-indexes': listSortIndexes,
  '2026-11-23-0020-attempt-counters': attemptCounters,
  '2026-11-23-0030-user-team-and-audit-lists': userTeamAndAuditLists,
  '2026-11-24-0001-billing-ledger': billingLedger,
  '2026-11-24-0002-statistics': statistics,
  '2026-11-24-0010-missing-keys': missingKeys,
  '2026-11-24-0020-key-endorsements': keyEndorsements,
  '2026-11-27-0040-email-changes': emailChanges,
  '2026-11-27-0050-billing-recorded-payment': billingRecordedPayment,
  '2026-11-28-0001-attachments': attachments,
  '2026-11-28-0010-import-batches': importBatches,
  '2026-12-07-0001-secret-changes': secretChanges,
  '2026-12-07-0031-health-dismissals': healthDismissals,
  '2026-12-07-0041-rotations': rotations,
  '2026-12-07-0042-rotations-closed-index': rotationsClosedIndex,
  '2026-12-07-0050-trust-log': trustLog,
  '2026-12-07-0060-key-purges': keyPurges,
  '2026-12-07-0061-rotations-without-foreign-keys': rotationsWithoutForeignKeys,
  '2026-12-07-0070-trust-checkpoints': trustCheckpoints,
  '2026-12-07-0080-secret-signed-headers': secretSignedHeaders,
  '2026-12-07-0090-unsigned-secrets-index': unsignedSecretsIndex,
};
