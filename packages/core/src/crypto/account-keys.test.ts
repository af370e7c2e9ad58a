import { describe, expect, it } from 'vitest';
import { deriveAccountKeys, normaliseEmail } from './account-keys.js';
import { CryptoError } from './errors.js';
import { DEFAULT_KDF_ITERATIONS, MIN_KDF_ITERATIONS } from './suite-constants.js';

// The vector suite covers correct derivations; these never reach PBKDF2.
describe('deriveAccountKeys', () => {
  it('uses 600,000 iterations as floor and default', () => {
    expect(MIN_KDF_ITERATIONS).toBe(600_000);
    expect(DEFAULT_KDF_ITERATIONS).toBe(600_000);
  });

  it.each([599_999, 5000, 1, 0, -600_000, Number.NaN, 600_000.5, Number.POSITIVE_INFINITY])(
    'refuses %s iterations, whatever the server says',
    async (iterations) => {
      const derivation = deriveAccountKeys({ email: 'a@example.com', password: 'pw', iterations });
      await expect(derivation).rejects.toBeInstanceOf(CryptoError);
      await expect(derivation).rejects.toMatchObject({ kind: 'iterations-too-low' });
    },
  );

  it('refuses iterations sent as a string', async () => {
    const iterations = '600000' as unknown as number;
    await expect(
      deriveAccountKeys({ email: 'a@example.com', password: 'pw', iterations }),
    ).rejects.toMatchObject({
      kind: 'iterations-too-low',
    });
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(normaliseEmail('\tÉLODIE@Exemple.FR\n')).toBe('élodie@exemple.fr');
  });
});
