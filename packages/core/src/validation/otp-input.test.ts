import { describe, expect, it } from 'vitest';
import { isTotpCode, normaliseOtp } from './otp-input.js';

describe('normaliseOtp', () => {
  it('keeps a plain six-digit code', () => {
    expect(normaliseOtp('123456')).toBe('123456');
  });

  it('removes spaces, as authenticator apps show codes', () => {
    expect(normaliseOtp('123 456')).toBe('123456');
    expect(normaliseOtp(' 12 34 56 ')).toBe('123456');
    expect(normaliseOtp('12\t34\u00a056')).toBe('123456');
  });

  it('keeps shorter input, without spaces', () => {
    expect(normaliseOtp('12 3')).toBe('123');
    expect(normaliseOtp('')).toBe('');
    expect(normaliseOtp(undefined)).toBe('');
  });

  it('leaves input longer than 6 characters as is (a recovery code)', () => {
    expect(normaliseOtp('1234567')).toBe('1234567');
    expect(normaliseOtp('a1b2c3d4e5')).toBe('a1b2c3d4e5');
    expect(normaliseOtp('abcd efgh')).toBe('abcd efgh');
  });

  it('tells a TOTP code from a recovery code', () => {
    expect(isTotpCode(normaliseOtp('123 456'))).toBe(true);
    expect(isTotpCode('12345a')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
  });
});
