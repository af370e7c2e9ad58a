// At most `limit` tasks running at once, started in order. A first sync keeps a few reads of secrets
// in flight this way, each counted until its payloads are opened: the workers always have the next
// read's secrets waiting, and no more than that is held in memory.

export interface InFlightLimit {
  /** Waits for a free place, then starts `task` without waiting for it; throws an earlier task's failure. */
  start(task: () => Promise<void>): Promise<void>;
  /** Waits for every task started; throws the first failure. */
  drain(): Promise<void>;
}

export function createInFlightLimit(limit: number): InFlightLimit {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };
  return {
    async start(task) {
      throwIfFailed();
      while (running.size >= Math.max(1, limit)) {
        await Promise.race(running);
        throwIfFailed();
      }
      const run: Promise<void> = task()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(run));
      running.add(run);
    },
    async drain() {
      while (running.size > 0) await Promise.race(running);
      throwIfFailed();
    },
  };
}
