import { describe, expect, it } from 'vitest';
import { isUuid, newSecretId, randomBytes } from './random-values.js';
import { generateSecretKey } from './secret-box.js';

describe('random values', () => {
  it('returns the requested number of bytes, also beyond one getRandomValues call', () => {
    expect(randomBytes(0)).toHaveLength(0);
    expect(randomBytes(12)).toHaveLength(12);
    const large = randomBytes(70_000);
    expect(large).toHaveLength(70_000);
    // The tail past the first 65,536 bytes is filled too (all zero has odds of 2^-3472).
    expect(large.subarray(65_536).some((byte) => byte !== 0)).toBe(true);
  });

  it('makes distinct 32-byte secret keys', () => {
    const first = generateSecretKey();
    expect(first).toHaveLength(32);
    expect(generateSecretKey()).not.toEqual(first);
  });

  it('makes lower-case UUIDs that isUuid accepts', () => {
    const id = newSecretId();
    expect(isUuid(id)).toBe(true);
    expect(id).toBe(id.toLowerCase());
    expect(newSecretId()).not.toBe(id);
  });

  it.each([
    '',
    'not-a-uuid',
    '0192F3A4-5B6C-7D8E-9F01-23456789ABCD',
    '0192f3a45b6c7d8e9f0123456789abcd',
    '{0192f3a4-5b6c-7d8e-9f01-23456789abcd}',
    ' 0192f3a4-5b6c-7d8e-9f01-23456789abcd',
  ])('refuses %j as a secret id', (value) => {
    expect(isUuid(value)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(isUuid(42)).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});
