import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cachedListTotal,
  forgetListTotals,
  hasListTotals,
  LIST_TOTAL_TTL_MS,
  setListTotalClock,
} from './list-total-cache.js';

describe('list total cache', () => {
  // From the real time on: the cache is the worker's (server tests share their modules), and other
  // files may have swept it by the real clock.
  let now = Date.now();
  beforeAll(() => setListTotalClock(() => now));
  afterAll(() => setListTotalClock(Date.now));
  afterEach(() => forgetListTotals('org-1'));

  it('counts once within its lifetime, and again after it', async () => {
    const count = vi.fn(async () => 42);
    expect(await cachedListTotal('org-1', 'secrets:a', count)).toBe(42);
    now += LIST_TOTAL_TTL_MS - 1;
    expect(await cachedListTotal('org-1', 'secrets:a', count)).toBe(42);
    expect(count).toHaveBeenCalledTimes(1);
    now += 1;
    await cachedListTotal('org-1', 'secrets:a', count);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('keeps totals apart by key and organisation, and forgets an organisation at once', async () => {
    await cachedListTotal('org-1', 'secrets:a', async () => 1);
    await cachedListTotal('org-2', 'secrets:a', async () => 2);
    expect(await cachedListTotal('org-1', 'secrets:b', async () => 3)).toBe(3);
    forgetListTotals('org-1');
    expect(await cachedListTotal('org-1', 'secrets:a', async () => 10)).toBe(10);
    expect(await cachedListTotal('org-2', 'secrets:a', async () => 20)).toBe(2);
    forgetListTotals('org-2');
  });

  it('lets requests that find no total wait for the count under way instead of starting their own', async () => {
    let answer: (value: number) => void = () => {};
    const count = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    const first = cachedListTotal('org-1', 'secrets:a', count);
    const second = cachedListTotal('org-1', 'secrets:a', count);
    answer(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(count).toHaveBeenCalledTimes(1);
    expect(await cachedListTotal('org-1', 'secrets:a', count)).toBe(7);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('keeps no count that was under way when the organisation changed, and counts afresh after it', async () => {
    let answer: (value: number) => void = () => {};
    const early = cachedListTotal(
      'org-1',
      'secrets:a',
      () => new Promise<number>((resolve) => (answer = resolve)),
    );
    forgetListTotals('org-1');
    const late = cachedListTotal('org-1', 'secrets:a', async () => 8);
    answer(7);
    expect(await early).toBe(7);
    expect(await late).toBe(8);
    expect(await cachedListTotal('org-1', 'secrets:a', async () => 9)).toBe(8);
  });

  it('answers a total just past its lifetime while counting it afresh, and waits once it is older', async () => {
    expect(await cachedListTotal('org-1', 'secrets:a', async () => 1)).toBe(1);
    now += LIST_TOTAL_TTL_MS;
    let answer: (value: number) => void = () => {};
    const recount = vi.fn(() => new Promise<number>((resolve) => (answer = resolve)));
    expect(await cachedListTotal('org-1', 'secrets:a', recount)).toBe(1);
    expect(await cachedListTotal('org-1', 'secrets:a', recount)).toBe(1);
    expect(recount).toHaveBeenCalledTimes(1);
    answer(2);
    await Promise.resolve();
    expect(await cachedListTotal('org-1', 'secrets:a', recount)).toBe(2);
    now += 2 * LIST_TOTAL_TTL_MS;
    const waited = cachedListTotal('org-1', 'secrets:a', recount);
    answer(3);
    expect(await waited).toBe(3);
    expect(recount).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed count: the next request counts again', async () => {
    await expect(
      cachedListTotal('org-1', 'secrets:a', async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(hasListTotals('org-1')).toBe(false);
    expect(await cachedListTotal('org-1', 'secrets:a', async () => 5)).toBe(5);
  });

  it('lets go of organisations whose totals have all expired', async () => {
    await cachedListTotal('org-gone', 'secrets:a', async () => 1);
    expect(hasListTotals('org-gone')).toBe(true);
    now += 2 * LIST_TOTAL_TTL_MS;
    await cachedListTotal('org-1', 'secrets:a', async () => 2);
    expect(hasListTotals('org-gone')).toBe(false);
    expect(hasListTotals('org-1')).toBe(true);
  });
});
