import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashes', () => {
  it('are Argon2id with the OWASP minimum and verify only the same auth hash', async () => {
    const stored = await hashPassword('auth-hash-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'auth-hash-1')).toBe(true);
    expect(await verifyPassword(stored, 'auth-hash-2')).toBe(false);
    expect(await verifyPassword('not a hash', 'auth-hash-1')).toBe(false);
  });
});
