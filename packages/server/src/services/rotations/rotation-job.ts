import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deliverMail } from '../../mail/deliver-mail.js';
import { buildSecurityCentreLink } from '../../mail/mail-links.js';
import type { Mailer } from '../../mail/mail-message.js';
import { buildRotationReminderMail } from '../../mail/mail-templates.js';
import {
  findChestManagerAddresses,
  listChestsDueReminder,
  listPolicyChests,
  markChestReminded,
  recordStaleSecrets,
} from '../../repositories/rotation-repository.js';
import { runChange } from '../organisation-change.js';
import { type RepeatingJob, startRepeatingJob } from '../repeating-job.js';

/** The job runs at once, then every this long: a policy counts whole days. */
export const ROTATION_JOB_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;
const PAGE = 100;

/** What a run needs: the database, the mailer and the settings of reminders. */
export interface RotationJobDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: { publicUrl: string; rotationReminderDays: number };
}

/**
 * One run of the rotation job (issue 31): every chest with a policy adds its stale secrets (last
 * revision older than its N days) to the rotation list, one chest per transaction; then, when
 * reminders are on (ROTATION_REMINDER_DAYS > 0), the managers of each chest with open rows who were
 * not reminded within that many days get one mail. Answers what it did.
 */
export async function runRotationChecks(
  deps: RotationJobDeps,
  now: Date,
  isStopped: () => boolean = () => false,
): Promise<{ stale: number; reminders: number }> {
  const at = now.toISOString();
  let stale = 0;
  for (let afterId = ''; !isStopped(); ) {
    const chests = await listPolicyChests(deps.db, afterId, PAGE);
    for (const chest of chests) {
      const cutoff = new Date(now.getTime() - chest.rotation_days * DAY_MS).toISOString();
      stale += await runChange(deps.db, chest.organisation_id, (trx) =>
        recordStaleSecrets(trx, chest.organisation_id, chest.id, cutoff, at),
      );
    }
    if (chests.length < PAGE) break;
    afterId = chests[chests.length - 1]?.id ?? afterId;
  }
  let reminders = 0;
  if (deps.config.rotationReminderDays === 0) return { stale, reminders };
  const remindedBefore = new Date(now.getTime() - deps.config.rotationReminderDays * DAY_MS).toISOString();
  const link = buildSecurityCentreLink(deps.config.publicUrl);
  for (let afterId = ''; !isStopped(); ) {
    const chests = await listChestsDueReminder(deps.db, remindedBefore, afterId, PAGE);
    for (const chest of chests) {
      const managers = await findChestManagerAddresses(deps.db, chest.organisation_id, chest.id);
      for (const manager of managers) {
        const mail = buildRotationReminderMail({
          to: manager.email,
          name: manager.name,
          chest: chest.name,
          count: chest.open,
          link,
        });
        if (await deliverMail(deps.mailer, deps.log, mail)) reminders += 1;
      }
      // Marked even without managers, so a chest without any is not looked at every hour.
      await markChestReminded(deps.db, chest.organisation_id, chest.id, at);
    }
    if (chests.length < PAGE) break;
    afterId = chests[chests.length - 1]?.id ?? afterId;
  }
  return { stale, reminders };
}

/** Starts the rotation job inside the server process; its failures are logged (the error only). */
export function startRotationJob(deps: RotationJobDeps): RepeatingJob {
  return startRepeatingJob(
    async (isStopped) => {
      try {
        const outcome = await runRotationChecks(deps, new Date(), isStopped);
        if (outcome.stale > 0 || outcome.reminders > 0) deps.log.info(outcome, 'rotations: checked');
      } catch (error) {
        deps.log.error({ err: error }, 'rotations: the rotation check failed');
      }
    },
    () => ROTATION_JOB_INTERVAL_MS,
  );
}
