import { describe, expect, it } from 'vitest';
import { canSubmitLogin, validateLogin } from './login-validator.js';

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({}).errors).toEqual([
      'Required field Email is empty.',
      'Required field Password is empty.',
    ]);
  });

  it('requires a valid e-mail', () => {
    const result = validateLogin({ email: 'ann@', password: 'x' });
    expect(result.errors).toEqual(['Field Email is not a valid email.']);
    expect([...result.fields]).toEqual(['email']);
  });

  it('accepts upper-case e-mail and long passwords', () => {
    expect(validateLogin({ email: 'ANN@EXAMPLE.COM', password: 'p'.repeat(400) }).errors).toEqual([]);
  });
});

describe('canSubmitLogin', () => {
  it('is enabled only when both fields are filled', () => {
    expect(canSubmitLogin({ email: 'a', password: 'b' })).toBe(true);
    expect(canSubmitLogin({ email: 'a', password: '' })).toBe(false);
    expect(canSubmitLogin({ email: ' ', password: 'b' })).toBe(false);
  });
});
