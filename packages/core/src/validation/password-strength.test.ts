import { describe, expect, it } from 'vitest';
import { isValidStrength, scoreToStrength, strengthColour } from './password-strength.js';

describe('scoreToStrength', () => {
  it('maps zxcvbn 0–4 to 1–5', () => {
    expect([0, 1, 2, 3, 4].map(scoreToStrength)).toEqual([1, 2, 3, 4, 5]);
  });

  it('clamps anything outside', () => {
    expect(scoreToStrength(-3)).toBe(1);
    expect(scoreToStrength(9)).toBe(5);
    expect(scoreToStrength(Number.NaN)).toBe(1);
  });
});

describe('strengthColour', () => {
  it('is red at 1 or less, amber at 2 to 3, green above 3', () => {
    expect([0, 1, 2, 3, 4, 5].map(strengthColour)).toEqual([
      'red',
      'red',
      'amber',
      'amber',
      'green',
      'green',
    ]);
  });
});

describe('isValidStrength', () => {
  it('accepts integers 1 to 5 only', () => {
    expect([1, 5].every(isValidStrength)).toBe(true);
    expect([0, 6, 2.5, '3', null].some(isValidStrength)).toBe(false);
  });
});
