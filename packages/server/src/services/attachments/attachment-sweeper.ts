import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteStalePendingAttachments } from '../../repositories/attachment-repository.js';
import { type RepeatingJob, startRepeatingJob } from '../repeating-job.js';

/** A pending upload older than this is abandoned (a closed tab, a lost connection): its rows go. */
export const STALE_UPLOAD_MS = 60 * 60_000;
/** How often the sweeper runs after the run at start. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** Attachments deleted per statement batch, so one run never holds a long transaction. */
const SWEEP_BATCH = 100;

/** The sweeper running inside the server process. */
export type AttachmentSweeper = RepeatingJob;

/**
 * Deletes every pending upload started more than STALE_UPLOAD_MS before `now`, with its chunks
 * (cascade), in batches; answers how many. A failed upload's client DELETEs at once; this catches
 * the ones whose client could not.
 */
export async function sweepStaleUploads(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STALE_UPLOAD_MS).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await deleteStalePendingAttachments(db, before, SWEEP_BATCH);
    total += deleted;
    if (deleted < SWEEP_BATCH) return total;
  }
}

/**
 * Starts the sweeper like the statistics recorder: a run at once (uploads abandoned while no
 * server ran), then every SWEEP_INTERVAL_MS. The timer is unref'd; a failed run is logged without
 * data and the next one tries again. Several servers may sweep at once: deleting a row twice is
 * harmless.
 */
export function startAttachmentSweeper(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: { now?: () => Date; intervalMs?: number } = {},
): AttachmentSweeper {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? SWEEP_INTERVAL_MS;
  return startRepeatingJob(
    async () => {
      try {
        const deleted = await sweepStaleUploads(db, now());
        if (deleted > 0) log.info({ deleted }, 'attachments: abandoned uploads removed');
      } catch (error) {
        log.error({ err: error }, 'attachments: removing abandoned uploads failed');
      }
    },
    () => intervalMs,
  );
}
