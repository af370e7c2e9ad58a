import { describe, expect, it } from 'vitest';
import { truncateName } from './truncate-name.js';

describe('truncateName', () => {
  it('cuts to the limit in characters and marks the cut', () => {
    expect(truncateName('Operations', 12)).toBe('Operations');
    expect(truncateName('Operations and more', 12)).toBe('Operations a…');
    expect(truncateName('🔐'.repeat(13), 12)).toBe(`${'🔐'.repeat(12)}…`);
  });
});
