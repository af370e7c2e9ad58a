import {
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  generateUserKeyPair,
  normaliseEmailInput,
  sealPrivateKey,
} from '@coffer/core';
import { registerAccount } from '../../api/accounts-api.js';
import type { InvitationContext, RegisterValues } from './register-values.js';

/**
 * Makes the account's keys in the browser and registers it: keys derived from the password with
 * 600,000 iterations, a new RSA-OAEP-3072 key pair, the private half sealed under the encryption
 * key; only the auth hash, the public key and the sealed private key are sent (crypto.md). A refusal
 * throws the ApiError of registerAccount.
 */
export async function createAccount(
  values: RegisterValues,
  invitation: InvitationContext | null,
): Promise<unknown> {
  const email = normaliseEmailInput(invitation?.email ?? values.email);
  const iterations = DEFAULT_KDF_ITERATIONS;
  const [keys, pair] = await Promise.all([
    deriveAccountKeys({ email, password: values.password, iterations }),
    generateUserKeyPair(),
  ]);
  const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, iterations);
  return registerAccount({
    email,
    name: (invitation?.name ?? values.fullname).trim(),
    password: keys.authHash,
    public_key: pair.publicKey,
    encrypted_private_key: sealed.encrypted_private_key,
    private_key_iv: sealed.private_key_iv,
    kdf_iterations: iterations,
    ...(invitation ? { invitationToken: invitation.token } : { companyName: values.company.trim() }),
    termsOfService: values.termsOfService,
    marketingOptIn: values.marketingOptIn,
  });
}
