import { describe, expect, it } from 'vitest';
import { generatePassword, PASSWORD_CHARACTER_CLASSES, randomIndexBelow } from './password-generator.js';

const { lower, upper, digit, symbol } = PASSWORD_CHARACTER_CLASSES;
const hasAny = (text: string, characters: string) => [...text].some((c) => characters.includes(c));

describe('generatePassword', () => {
  it('makes 12 characters of every class, every time', () => {
    const seen = new Set<string>();
    for (let run = 0; run < 2000; run++) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(hasAny(password, lower)).toBe(true);
      expect(hasAny(password, upper)).toBe(true);
      expect(hasAny(password, digit)).toBe(true);
      expect(hasAny(password, symbol)).toBe(true);
      for (const c of password) expect(lower + upper + digit + symbol).toContain(c);
      seen.add(password);
    }
    expect(seen.size).toBe(2000);
  });

  it('honours other lengths, down to 4', () => {
    expect(generatePassword(32)).toHaveLength(32);
    const four = generatePassword(4);
    expect([lower, upper, digit, symbol].every((characters) => hasAny(four, characters))).toBe(true);
    expect(() => generatePassword(3)).toThrow(RangeError);
    expect(() => generatePassword(12.5)).toThrow(RangeError);
  });

  it('does not always put the guaranteed characters first', () => {
    const firstIsLower = Array.from({ length: 300 }, () => generatePassword()).filter((p) =>
      lower.includes(p[0]!),
    );
    expect(firstIsLower.length).toBeLessThan(300);
  });
});

describe('randomIndexBelow', () => {
  it('stays in range and reaches every value', () => {
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 7000; i++) {
      const value = randomIndexBelow(7);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(7);
      counts[value]! += 1;
    }
    for (const count of counts) expect(count).toBeGreaterThan(700);
  });

  it('refuses an empty range', () => {
    expect(() => randomIndexBelow(0)).toThrow(RangeError);
    expect(randomIndexBelow(1)).toBe(0);
  });
});
