/** Whether a run waits for the one in progress or gives way to it. */
export type LockMode = 'wait' | 'skip-if-busy';

/** What running under the lock gave: the task's value, or that it gave way to a run in progress. */
export type LockOutcome<T> = { ran: true; value: T } | { ran: false };

/** One run at a time: in this page always, across the browser's tabs where Web Locks exist. */
export interface RunLock {
  run<T>(mode: LockMode, task: () => Promise<T>): Promise<LockOutcome<T>>;
}

/** The lock every reshare of this origin takes, in every tab. */
export const RESHARE_LOCK_NAME = 'coffer-reshare';

/** The Web Locks API as far as the lock uses it. */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
}

function browserLocks(): LockManagerLike | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

/**
 * A lock over `navigator.locks` (shared by every tab of the origin, released when a tab closes or
 * crashes) with an in-page queue in front of it, so the page works the same where Web Locks are
 * missing (then only this tab is kept to one run). 'skip-if-busy' gives way to a run here or in
 * another tab; 'wait' queues behind it.
 */
export function createRunLock(
  name = RESHARE_LOCK_NAME,
  locks: LockManagerLike | undefined = browserLocks(),
): RunLock {
  let tail: Promise<unknown> = Promise.resolve();
  let active = 0;
  const acquire = <T>(mode: LockMode, task: () => Promise<T>): Promise<LockOutcome<T>> => {
    if (!locks) return task().then((value) => ({ ran: true, value }));
    return locks.request(name, { ifAvailable: mode === 'skip-if-busy' }, async (lock) =>
      lock ? { ran: true as const, value: await task() } : { ran: false as const },
    );
  };
  return {
    async run(mode, task) {
      if (mode === 'skip-if-busy' && active > 0) return { ran: false };
      active += 1;
      const outcome = tail.then(() => acquire(mode, task));
      tail = outcome.catch(() => undefined);
      try {
        return await outcome;
      } finally {
        active -= 1;
      }
    },
  };
}
