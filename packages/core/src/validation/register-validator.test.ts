import { describe, expect, it } from 'vitest';
import {
  canCreateAccount,
  isTicked,
  validateRegisterInitial,
  validateRegisterPassword,
} from './register-validator.js';

const valid = { company: 'Acme', fullname: 'Ann Lee', email: 'ann@acme.com', termsOfService: true };

describe('validateRegisterInitial', () => {
  it('passes a complete form', () => {
    expect(validateRegisterInitial(valid).errors).toEqual([]);
  });

  it('requires company, full name, e-mail and the terms', () => {
    expect(validateRegisterInitial({}).errors).toEqual([
      'Required field Company Name is empty.',
      'Required field Full Name is empty.',
      'Required field Email is empty.',
      'Required field Terms of Service is empty.',
    ]);
  });

  it('checks the e-mail format', () => {
    expect(validateRegisterInitial({ ...valid, email: 'ann.acme.com' }).errors).toEqual([
      'Field Email is not a valid email.',
    ]);
  });

  it('drops the full name for invited visitors', () => {
    const result = validateRegisterInitial({ ...valid, fullname: undefined }, { invited: true });
    expect(result.errors).toEqual([]);
  });

  it('reads a form-encoded checkbox', () => {
    expect(validateRegisterInitial({ ...valid, termsOfService: 'true' }).errors).toEqual([]);
    expect(validateRegisterInitial({ ...valid, termsOfService: 'false' }).errors).toEqual([
      'Required field Terms of Service is empty.',
    ]);
    expect(isTicked('1')).toBe(true);
    expect(isTicked(undefined)).toBe(false);
  });

  it('caps the company name at 255', () => {
    expect(validateRegisterInitial({ ...valid, company: 'c'.repeat(256) }).errors).toEqual([
      'Field Company Name exceeds the maximum of 255 characters.',
    ]);
  });
});

describe('validateRegisterPassword', () => {
  it('asks for matching passwords of 12 or more characters', () => {
    expect(validateRegisterPassword('short', 'other').errors).toEqual([
      'Please ensure passwords match',
      'Please enter a password with a minimum length of 12 characters',
    ]);
  });

  it('accepts exactly 12 characters', () => {
    expect(validateRegisterPassword('a'.repeat(12), 'a'.repeat(12)).errors).toEqual([]);
    expect(validateRegisterPassword('a'.repeat(11), 'a'.repeat(11)).errors).toEqual([
      'Please enter a password with a minimum length of 12 characters',
    ]);
  });
});

describe('canCreateAccount', () => {
  it('needs 12+ characters and a matching confirmation', () => {
    expect(canCreateAccount('correct horse', 'correct horse')).toBe(true);
    expect(canCreateAccount('correct horse', 'correct hors')).toBe(false);
    expect(canCreateAccount('a'.repeat(11), 'a'.repeat(11))).toBe(false);
    expect(canCreateAccount(undefined, undefined)).toBe(false);
  });
});
