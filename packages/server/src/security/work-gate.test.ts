import { describe, expect, it } from 'vitest';
import { SERVER_BUSY } from '../errors/rate-limit-messages.js';
import { RetryLaterError } from './retry-later.js';
import { createWorkGate } from './work-gate.js';

function deferred() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

describe('the work gate', () => {
  it('runs at most `concurrency` tasks, queues a few in order, and refuses the rest at once', async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 2, maxWaitMs: 10_000 });
    const order: number[] = [];
    const blockers = Array.from({ length: 4 }, () => deferred());
    const tasks = blockers.map((blocker, index) =>
      gate.run(async () => {
        order.push(index);
        await blocker.done;
        return index;
      }),
    );
    const refused = gate.run(async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(RetryLaterError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      message: SERVER_BUSY,
      retryAfterSeconds: 1,
    });
    expect(gate.stats()).toMatchObject({ running: 2, waiting: 2, refused: 1 });
    for (const blocker of blockers) blocker.release();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, peakRunning: 2, admitted: 4 });
  });

  it('refuses a task that waited longer than maxWaitMs, and frees its place', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 1, maxWaitMs: 20 });
    const blocker = deferred();
    const first = gate.run(() => blocker.done);
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(RetryLaterError);
    expect(gate.stats().waiting).toBe(0);
    blocker.release();
    await first;
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('frees the slot when a task fails', async () => {
    const gate = createWorkGate({ concurrency: 1, queue: 0, maxWaitMs: 10 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'after')).toBe('after');
  });
});
