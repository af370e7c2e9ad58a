import { describe, expect, it, vi } from 'vitest';
import { clearSession, sessionCleared } from './clear-session.js';

describe('clearSession', () => {
  it('removes every key but dark_mode and lastChest', () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('dark_mode', 'true');
    localStorage.setItem('lastChest', 'c-7');
    localStorage.setItem('privateKey', 'must-not-survive');
    sessionStorage.setItem('draft', 'x');

    clearSession();

    expect({ ...localStorage }).toEqual({ dark_mode: 'true', lastChest: 'c-7' });
    expect(sessionStorage.length).toBe(0);
  });

  it('tells subscribers, so key material outside localStorage is dropped too', () => {
    const listener = vi.fn();
    const unsubscribe = sessionCleared.subscribe(listener);
    clearSession();
    unsubscribe();
    expect(listener).toHaveBeenCalledOnce();
  });
});
