import { describe, expect, it } from 'vitest';
import { formatCombo, matchesCombo, parseCombo } from './key-combo.js';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('key combinations', () => {
  it("matches Shift+/ by the '?' it types and by the physical key", () => {
    const combo = parseCombo('Shift+/');
    expect(matchesCombo(key({ key: '?', code: 'Slash', shiftKey: true }), combo)).toBe(true);
    expect(matchesCombo(key({ key: '/', code: 'Slash', shiftKey: false }), combo)).toBe(false);
  });

  it('matches letters whatever their case, with exact modifiers', () => {
    const combo = parseCombo('Shift+H');
    expect(matchesCombo(key({ key: 'H', code: 'KeyH', shiftKey: true }), combo)).toBe(true);
    expect(matchesCombo(key({ key: 'h', code: 'KeyH' }), combo)).toBe(false);
    expect(matchesCombo(key({ key: 'H', code: 'KeyH', shiftKey: true, ctrlKey: true }), combo)).toBe(false);
    expect(matchesCombo(key({ key: 'i', code: 'KeyI' }), parseCombo('I'))).toBe(true);
  });

  it('matches named keys', () => {
    expect(matchesCombo(key({ key: 'ArrowDown', shiftKey: true }), parseCombo('Shift+ArrowDown'))).toBe(true);
    expect(matchesCombo(key({ key: 'Escape' }), parseCombo('Escape'))).toBe(true);
  });

  it('formats for people', () => {
    expect(formatCombo('Shift+/')).toEqual(['Shift', '/']);
    expect(formatCombo('Shift+ArrowUp')).toEqual(['Shift', '↑']);
    expect(formatCombo('i')).toEqual(['I']);
    expect(formatCombo('Escape')).toEqual(['Esc']);
  });
});
