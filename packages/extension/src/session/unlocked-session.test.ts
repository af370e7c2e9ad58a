import { NEVER } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { isIdleTooLong, lockDueAt } from './unlocked-session.js';

describe('the auto lock', () => {
  const session = { inactivityMinutes: 10, lastActiveAt: 1_000_000 };

  it('locks once the organisation’s minutes have passed since the last use', () => {
    expect(isIdleTooLong(session, 1_000_000 + 10 * 60_000 - 1)).toBe(false);
    expect(isIdleTooLong(session, 1_000_000 + 10 * 60_000)).toBe(true);
    expect(lockDueAt(session)).toBe(1_000_000 + 10 * 60_000);
  });

  it('never locks by itself when the organisation chose Never', () => {
    const never = { inactivityMinutes: NEVER, lastActiveAt: 0 };
    expect(isIdleTooLong(never, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(lockDueAt(never)).toBeNull();
  });
});
