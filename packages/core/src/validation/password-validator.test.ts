import { describe, expect, it } from 'vitest';
import {
  canSavePasswordChange,
  isLongEnoughPassword,
  validatePasswordChange,
  validateResetPassword,
} from './password-validator.js';

describe('validatePasswordChange', () => {
  it('reports length and mismatch', () => {
    expect(validatePasswordChange({ password: 'short', confirmation: 'other' }).errors).toEqual([
      'New Password must be at least 12 characters',
      'Passwords must match',
    ]);
  });

  it('accepts exactly 12 matching characters', () => {
    expect(validatePasswordChange({ password: 'x'.repeat(12), confirmation: 'x'.repeat(12) }).errors).toEqual(
      [],
    );
    expect(isLongEnoughPassword('x'.repeat(11))).toBe(false);
  });
});

describe('canSavePasswordChange', () => {
  it('is disabled while any of the three fields is empty', () => {
    expect(canSavePasswordChange({ currentPassword: 'a', password: 'b', confirmation: 'c' })).toBe(true);
    expect(canSavePasswordChange({ currentPassword: '', password: 'b', confirmation: 'c' })).toBe(false);
    expect(canSavePasswordChange({ currentPassword: 'a', password: 'b' })).toBe(false);
  });
});

describe('validateResetPassword', () => {
  it('requires 12 characters', () => {
    expect(validateResetPassword('x'.repeat(11)).errors).toEqual([
      'Password must be at least 12 characters long.',
    ]);
    expect(validateResetPassword(undefined).errors).toEqual([
      'Password must be at least 12 characters long.',
    ]);
    expect(validateResetPassword('x'.repeat(12)).errors).toEqual([]);
  });
});
