/** A job that runs inside the server process: at once, then again and again on its own timer. */
export interface RepeatingJob {
  /** Resolves when the run in progress (if any) has finished. */
  idle(): Promise<void>;
  /** No more runs; resolves once the run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at once (what was missed while no server ran), then after `nextDelayMs()` each time the
 * previous run has finished, so runs never overlap. The timer is unref'd (it never keeps the process
 * alive); `run` catches and logs its own failures, and `isStopped` lets a long run end early.
 */
export function startRepeatingJob(
  run: (isStopped: () => boolean) => Promise<void>,
  nextDelayMs: () => number,
): RepeatingJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const isStopped = () => stopped;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run(isStopped).then(schedule);
    }, nextDelayMs());
    timer.unref();
  };

  running = run(isStopped).then(schedule);
  return {
    idle: () => running,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
