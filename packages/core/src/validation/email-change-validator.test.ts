import { describe, expect, it } from 'vitest';
import { validateEmailChange } from './email-change-validator.js';

describe('validateEmailChange', () => {
  it('accepts a valid matching address, whatever its case', () => {
    expect(validateEmailChange({ email: 'New@Example.com', confirmation: 'new@example.COM' }).errors).toEqual(
      [],
    );
  });

  it('reports a malformed address', () => {
    expect(validateEmailChange({ email: 'new@', confirmation: 'new@' }).errors).toEqual([
      'Invalid New Email',
    ]);
  });

  it('reports a different confirmation', () => {
    const result = validateEmailChange({ email: 'new@example.com', confirmation: 'old@example.com' });
    expect(result.errors).toEqual(['Emails Do Not Match']);
    expect([...result.fields]).toEqual(['confirmation']);
  });
});
