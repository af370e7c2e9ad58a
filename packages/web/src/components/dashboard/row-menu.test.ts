import { describe, expect, it } from 'vitest';
import { truncateName } from '../chests/truncate-name.js';
import { flipsAbove } from './row-menu.js';

describe('row menu placement', () => {
  it('opens above the row below 70% of the window or within 200 px of its bottom', () => {
    expect(flipsAbove(300, 1000)).toBe(false);
    expect(flipsAbove(701, 1000)).toBe(true);
    expect(flipsAbove(300, 450)).toBe(true);
  });
});

describe('truncateName', () => {
  it('cuts to the limit in characters and marks the cut', () => {
    expect(truncateName('Operations', 12)).toBe('Operations');
    expect(truncateName('Operations and more', 12)).toBe('Operations a…');
    expect(truncateName('🔐'.repeat(13), 12)).toBe(`${'🔐'.repeat(12)}…`);
  });
});
