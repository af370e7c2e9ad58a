import { describe, expect, it } from 'vitest';
import { flipsAbove } from './row-menu.js';

describe('row menu placement', () => {
  it('opens above the row below 70% of the window or within 200 px of its bottom', () => {
    expect(flipsAbove(300, 1000)).toBe(false);
    expect(flipsAbove(701, 1000)).toBe(true);
    expect(flipsAbove(300, 450)).toBe(true);
  });

  it('uses 270 px from the bottom for the user menu', () => {
    expect(flipsAbove(550, 800)).toBe(false);
    expect(flipsAbove(550, 800, 270)).toBe(true);
  });
});
