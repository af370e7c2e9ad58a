import { describe, expect, it } from 'vitest';
import { isValidEmail, normaliseEmailInput } from './email-rules.js';

describe('isValidEmail', () => {
  it('accepts ordinary addresses in any case', () => {
    for (const email of ['ann@example.com', 'Ann.Lee+tag@Mail.Example.CO.UK', 'x_y-z@sub.domain.io']) {
      expect(isValidEmail(email)).toBe(true);
    }
  });

  it('refuses malformed addresses', () => {
    for (const email of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann@@example.com',
      'a n@example.com',
    ]) {
      expect(isValidEmail(email)).toBe(false);
    }
    expect(isValidEmail('ann@example.c')).toBe(false);
    expect(isValidEmail('ann@.example.com')).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });
});

describe('normaliseEmailInput', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmailInput('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
    expect(normaliseEmailInput(undefined)).toBe('');
  });
});
