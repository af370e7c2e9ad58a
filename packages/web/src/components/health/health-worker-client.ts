import type { HealthRecord } from './health-record.js';
import type { FromHealthWorker, ToHealthWorker } from './health-worker-protocol.js';
import { HEALTH_CHECK_FAILED_MESSAGE, handleHealthMessage } from './health-worker-protocol.js';

/** Checks batches of subjects; `close()` ends the worker. */
export interface HealthChecker {
  check(message: Omit<ToHealthWorker, 'requestId'>): Promise<HealthRecord[]>;
  close(): void;
}

/**
 * One worker for a whole run (zxcvbn's dictionaries load once), answering batches by request id;
 * where the browser has no workers (tests under jsdom), the same handler on the page.
 */
export function createHealthChecker(): HealthChecker {
  let nextId = 1;
  const fromAnswer = (answer: FromHealthWorker) => {
    if (!answer.ok) throw new Error(answer.message);
    return answer.records;
  };
  if (typeof Worker !== 'function') {
    return {
      check: async (message) => fromAnswer(await handleHealthMessage({ ...message, requestId: nextId++ })),
      close: () => undefined,
    };
  }
  const worker = new Worker(new URL('./health-worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<
    number,
    { resolve: (records: HealthRecord[]) => void; reject: (e: Error) => void }
  >();
  worker.addEventListener('message', (event: MessageEvent<FromHealthWorker>) => {
    const pending = waiting.get(event.data.requestId);
    if (!pending) return;
    waiting.delete(event.data.requestId);
    try {
      pending.resolve(fromAnswer(event.data));
    } catch (error) {
      pending.reject(error as Error);
    }
  });
  // A worker that failed to load answers nothing more: every check then fails at once.
  let broken = false;
  worker.addEventListener('error', () => {
    broken = true;
    for (const pending of waiting.values()) pending.reject(new Error(HEALTH_CHECK_FAILED_MESSAGE));
    waiting.clear();
  });
  return {
    check: (message) =>
      new Promise((resolve, reject) => {
        if (broken) {
          reject(new Error(HEALTH_CHECK_FAILED_MESSAGE));
          return;
        }
        const requestId = nextId++;
        waiting.set(requestId, { resolve, reject });
        worker.postMessage({ ...message, requestId } satisfies ToHealthWorker);
      }),
    close: () => worker.terminate(),
  };
}
