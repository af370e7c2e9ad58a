import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  deletePurgedKeys,
  finishKeyPurge,
  type KeyPurge,
  listKeyPurges,
} from '../../repositories/key-purge-repository.js';

// A removed user's wrapped keys go after the removal commits (migration 2026-12-07-0060 says why):
// no one can be served them meanwhile, since a key is only ever served to its holder and the holder's
// row is gone, and no one can deliver new ones (a key is accepted only for a current reader).

/** Keys deleted per transaction: short enough that other writers wait about as long as for a save. */
export const KEY_PURGE_BATCH = 500;
/** How often a purge that could not finish (an error, the server stopping) is tried again. */
export const KEY_PURGE_RETRY_MS = 10 * 60_000;
const PURGES_PER_READ = 20;
/** A woken purge waits this long, so the removal's answer goes out before the purge's first batch. */
const WAKE_DELAY_MS = 50;

/** The purge running inside the server process. */
export interface KeyPurger {
  /** A removal committed: purge now (once the run in progress, if any, has finished). */
  wake(): void;
  /** Resolves when no run is in progress or queued. */
  idle(): Promise<void>;
  /** No more runs; resolves once the run in progress has finished its batch. */
  stop(): Promise<void>;
}

/**
 * Deletes the keys of every queued user, KEY_PURGE_BATCH per statement, each statement its own
 * transaction, then the user's queue row; answers how many keys went. Several servers may purge at
 * once: a key deleted twice is harmless, and a queue row goes only once its user has no key left.
 */
export async function purgeRemovedUsersKeys(
  db: Kysely<Database>,
  isStopped: () => boolean = () => false,
): Promise<number> {
  let total = 0;
  for (;;) {
    const purges = await listKeyPurges(db, PURGES_PER_READ);
    if (purges.length === 0) return total;
    for (const purge of purges) {
      const purged = await purgeOne(db, purge, isStopped);
      if (purged === null) return total;
      total += purged;
    }
  }
}

async function purgeOne(
  db: Kysely<Database>,
  purge: KeyPurge,
  isStopped: () => boolean,
): Promise<number | null> {
  let total = 0;
  for (;;) {
    if (isStopped()) return null;
    const deleted = await deletePurgedKeys(db, purge, KEY_PURGE_BATCH);
    total += deleted;
    if (deleted < KEY_PURGE_BATCH) break;
    // Other requests take their turn between two batches (on SQLite they share one connection).
    await new Promise((resolve) => setImmediate(resolve));
  }
  await finishKeyPurge(db, purge);
  return total;
}

/**
 * Starts the purger: a run at once (removals whose purge a stopped server did not finish), a run at
 * each wake, and one every KEY_PURGE_RETRY_MS. Runs never overlap; a failed run is logged without
 * data and the next one tries again.
 */
export function startKeyPurger(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: { retryMs?: number } = {},
): KeyPurger {
  let stopped = false;
  let queued = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    queued = false;
    try {
      const purged = await purgeRemovedUsersKeys(db, () => stopped);
      if (purged > 0) log.info({ purged }, 'keys of removed users purged');
    } catch (error) {
      log.error({ err: error }, 'purging the keys of removed users failed');
    }
  };
  const wake = () => {
    if (stopped || queued) return;
    queued = true;
    running = running.then(() => new Promise((resolve) => setTimeout(resolve, WAKE_DELAY_MS))).then(run);
  };
  const timer = setInterval(wake, options.retryMs ?? KEY_PURGE_RETRY_MS);
  timer.unref();
  wake();
  return {
    wake,
    idle: async () => {
      // A wake during a run queues another: wait until nothing is queued.
      let seen: Promise<void>;
      do {
        seen = running;
        await seen;
      } while (seen !== running);
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
