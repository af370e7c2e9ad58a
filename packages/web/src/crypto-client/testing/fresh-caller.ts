import { savePrivateKey } from '../../keys/key-store.js';

let nextCaller = 0;

/**
 * Signs in with this private key as a user id never used before in the file: trust and pins are
 * kept per signed-in user, so one test's confirmations never meet another's.
 */
export async function signInAsFreshCaller(privateKey: CryptoKey, prefix: string): Promise<string> {
  nextCaller += 1;
  await savePrivateKey(privateKey);
  return `${prefix}-${nextCaller}`;
}

/** A save's draft into chest c-1, for tests of whom a save wraps for. */
export const TEST_DRAFT = {
  vaultId: 'c-1',
  name: 'Mail',
  category: 'password' as const,
  payload: { username: 'me', password: 'pw-123456', url: '', note: '' },
  strength: 4,
  formFill: false,
  hidden: false,
};
