import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedListTotal,
  forgetListTotals,
  hasListTotals,
  LIST_TOTAL_TTL_MS,
  setListTotalClock,
} from './list-total-cache.js';

describe('list total cache', () => {
  let now = 1_000;
  setListTotalClock(() => now);
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

  it('lets go of organisations whose totals have all expired', async () => {
    await cachedListTotal('org-gone', 'secrets:a', async () => 1);
    expect(hasListTotals('org-gone')).toBe(true);
    now += 2 * LIST_TOTAL_TTL_MS;
    await cachedListTotal('org-1', 'secrets:a', async () => 2);
    expect(hasListTotals('org-gone')).toBe(false);
    expect(hasListTotals('org-1')).toBe(true);
  });
});
