import { describe, expect, it } from 'vitest';
import { createInFlightLimit } from './in-flight-limit.js';

/** A task that runs until `finish` is called. */
function gate() {
  let finish: (error?: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  return { task: () => done, finish };
}

describe('createInFlightLimit', () => {
  it('starts a task only when fewer than the limit run', async () => {
    const limit = createInFlightLimit(2);
    const [a, b, c] = [gate(), gate(), gate()];
    await limit.start(a.task);
    await limit.start(b.task);
    let third = false;
    const starting = limit.start(c.task).then(() => {
      third = true;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    a.finish();
    await starting;
    expect(third).toBe(true);
    b.finish();
    c.finish();
    await limit.drain();
  });

  it('starts nothing after a failure and answers it from start and drain', async () => {
    const limit = createInFlightLimit(1);
    const failing = gate();
    await limit.start(failing.task);
    failing.finish(new Error('offline'));
    let ran = false;
    await expect(
      limit.start(async () => {
        ran = true;
      }),
    ).rejects.toThrow('offline');
    expect(ran).toBe(false);
    await expect(limit.drain()).rejects.toThrow('offline');
  });
});
