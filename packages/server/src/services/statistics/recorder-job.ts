import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type RepeatingJob, startRepeatingJob } from '../repeating-job.js';
import { recordMissingDays } from './daily-recorder.js';

/** The daily run starts this long after midnight UTC … */
export const RUN_AFTER_MIDNIGHT_MS = 60_000;
/** … plus up to this much at random, so several servers rarely count the same organisation twice. */
export const RUN_SPREAD_MS = 10 * 60_000;

/** The recorder running inside the server process; stopping ends a run after its current organisation. */
export type StatisticsRecorder = RepeatingJob;

/** Options of startStatisticsRecorder (tests pass their own clock and randomness). */
export interface RecorderOptions {
  now?: () => Date;
  random?: () => number;
}

/** Milliseconds from `now` to the next daily run: the coming midnight UTC, plus the offset and spread. */
export function delayUntilNextRun(now: Date, random: number): number {
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return nextMidnight - now.getTime() + RUN_AFTER_MIDNIGHT_MS + Math.floor(random * RUN_SPREAD_MS);
}

/**
 * Starts the daily recorder (docs/statistics.md): at once, it fills every day missed while no
 * server ran, then it runs again shortly after each midnight UTC to record the day that has just
 * ended. The timer is unref'd, so it never keeps the process alive; a failed run is logged (it
 * carries no names, only the error) and the next one retries the same days.
 */
export function startStatisticsRecorder(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: RecorderOptions = {},
): StatisticsRecorder {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  return startRepeatingJob(
    async (isStopped) => {
      try {
        const outcome = await recordMissingDays(db, { now: now(), shouldStop: isStopped });
        if (outcome.records > 0) log.info(outcome, 'statistics: daily records written');
      } catch (error) {
        log.error({ err: error }, 'statistics: recording the daily figures failed');
      }
    },
    () => delayUntilNextRun(now(), random()),
  );
}
