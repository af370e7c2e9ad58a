import { SERVER_BUSY } from '../errors/rate-limit-messages.js';
import { RetryLaterError } from './retry-later.js';

/** How much of one kind of work may run at once, and how long a request may wait its turn. */
export interface GateLimits {
  /** Tasks running at the same time. */
  concurrency: number;
  /** Tasks waiting for a slot; one more is refused at once. */
  queue: number;
  /** A task that has waited this long is refused instead of run. */
  maxWaitMs: number;
}

/** What the gate has done since it was made (tests, logs). */
export interface GateStats {
  running: number;
  waiting: number;
  /** The most tasks ever running at once. */
  peakRunning: number;
  admitted: number;
  refused: number;
}

/** A bounded semaphore with a bounded, first-come queue. */
export interface WorkGate {
  readonly limits: GateLimits;
  /** Runs `task` in a slot, or throws RetryLaterError (429, Retry-After) when the gate is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  stats(): GateStats;
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/** Seconds a refused caller is told to wait: about what the queue takes to drain, at least one. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Makes a gate. A refusal costs nothing but an exception, so a flood that outruns the slots is
 * answered at once instead of piling up behind them, and the rest of the server keeps its CPU.
 */
export function createWorkGate(limits: GateLimits): WorkGate {
  let running = 0;
  const waiting: Waiter[] = [];
  const counts = { peakRunning: 0, admitted: 0, refused: 0 };
  const refuse = () => {
    counts.refused += 1;
    return new RetryLaterError(SERVER_BUSY, RETRY_AFTER_SECONDS);
  };
  const enter = () => {
    running += 1;
    counts.admitted += 1;
    counts.peakRunning = Math.max(counts.peakRunning, running);
  };
  const acquire = (): Promise<void> | undefined => {
    if (running < limits.concurrency) {
      enter();
      return undefined;
    }
    if (waiting.length >= limits.queue) throw refuse();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          enter();
          resolve();
        },
        timer: setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(refuse());
        }, limits.maxWaitMs),
      };
      waiting.push(waiter);
    });
  };
  const release = () => {
    running -= 1;
    waiting.shift()?.admit();
  };
  return {
    limits,
    run: async (task) => {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length, ...counts }),
  };
}
