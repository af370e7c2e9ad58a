import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64, parseIterations, validateKeyMaterial } from './key-material-validator.js';

const rsaSpki = (modulusLength: number, publicExponent = 65537) =>
  generateKeyPairSync('rsa', { modulusLength, publicExponent })
    .publicKey.export({ format: 'der', type: 'spki' })
    .toString('base64');

const good = {
  password: Buffer.alloc(32, 1).toString('base64'),
  public_key: rsaSpki(3072),
  encrypted_private_key: Buffer.alloc(1800, 2).toString('base64'),
  private_key_iv: Buffer.alloc(12, 3).toString('base64'),
  kdf_iterations: '600000',
};
const all = ['password', 'public_key', 'encrypted_private_key', 'private_key_iv', 'kdf_iterations'] as const;
const check = (input: object) => validateKeyMaterial(input, { fields: all, minKdfIterations: 600_000 });

describe('validateKeyMaterial', () => {
  it('accepts what crypto.md describes', () => {
    expect(check(good)).toBeNull();
    expect(check({ ...good, kdf_iterations: 600_000 })).toBeNull();
  });

  it('refuses public keys that are not RSA-3072 with e = 65537', () => {
    expect(check({ ...good, public_key: rsaSpki(3072, 3) })).toBe('Field Public Key is invalid.');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
      format: 'der',
      type: 'spki',
    });
    expect(check({ ...good, public_key: ec.toString('base64') })).toBe('Field Public Key is invalid.');
  });

  it('names the first missing or malformed field', () => {
    expect(check({ ...good, password: undefined })).toBe('Required field Password is empty.');
    expect(check({ ...good, encrypted_private_key: '' })).toBe(
      'Required field Encrypted Private Key is empty.',
    );
    expect(check({ ...good, encrypted_private_key: Buffer.alloc(16).toString('base64') })).toBe(
      'Field Encrypted Private Key is invalid.',
    );
    expect(check({ ...good, private_key_iv: 42 })).toBe('Field Private Key IV is invalid.');
    expect(check({ ...good, kdf_iterations: '599999' })).toBe(
      'Field Key Derivation Iterations must be at least 600000.',
    );
    expect(check({ ...good, kdf_iterations: '20000000' })).toBe(
      'Field Key Derivation Iterations is invalid.',
    );
  });

  it('reads only canonical padded base64 and whole iteration counts', () => {
    expect(decodeBase64('AAE=')?.length).toBe(2);
    for (const bad of ['AAE', 'AAF=', 'AA E=', 'AAE=\n', '']) expect(decodeBase64(bad)).toBeNull();
    expect(parseIterations(' 600000 ')).toBe(600_000);
    for (const bad of ['6e5', '600000.5', -1, 1.5, null]) expect(parseIterations(bad)).toBeNull();
  });
});
