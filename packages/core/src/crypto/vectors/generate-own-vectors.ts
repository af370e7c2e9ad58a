import { deriveAccountKeys, deriveEncryptionKeyBytes, normaliseEmail } from '../account-keys.js';
import { bytesToBase64 } from '../encoding.js';
import { generateUserKeyPair, publicKeyFingerprint, sealPrivateKey } from '../key-pair.js';
import { wrapSecretKey } from '../key-wrap.js';
import { newSecretId } from '../random-values.js';
import { generateSecretKey, sealSecret } from '../secret-box.js';
import { CRYPTO_SUITE, DEFAULT_KDF_ITERATIONS } from '../suite-constants.js';
import type { SuiteVectors } from './suite-vectors.js';

const EMAIL = '\tGrace.Hopper@Coffer.TEST  ';
const PASSWORD = 'Cobol-Nanosecond-1906-ärger ✓';
const USER_ID = 'user-coffer';
const REVISION = 1;
// A telephone secret (spec section 3) with a non-ASCII note, so UTF-8 handling is pinned down too.
const PAYLOAD = { country: '41', number: '442681800', extension: '17', note: 'Zürich ☎ Empfang' };

/**
 * Makes a fresh set of Coffer's own suite-1 vectors. Run once by hand (docs/crypto.md) and commit the
 * output as vectors/coffer-suite1.json; the fixed file, not this function, is what the tests check.
 */
export async function generateOwnVectors(): Promise<SuiteVectors> {
  const { rootKey, encryptionKey, authHash } = await deriveAccountKeys({
    email: EMAIL,
    password: PASSWORD,
    iterations: DEFAULT_KDF_ITERATIONS,
  });
  const pair = await generateUserKeyPair();
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const sealedKey = await sealPrivateKey(pair.privateKey, encryptionKey, DEFAULT_KDF_ITERATIONS);
  const secretId = newSecretId();
  const secretKey = generateSecretKey();
  const plaintext = JSON.stringify(PAYLOAD);
  const sealedSecret = await sealSecret({ secretId, revision: REVISION, payload: PAYLOAD, secretKey });
  return {
    suite: CRYPTO_SUITE,
    account: {
      email: EMAIL,
      password: PASSWORD,
      kdf_iterations: DEFAULT_KDF_ITERATIONS,
      salt_utf8: normaliseEmail(EMAIL),
      root_key_b64: bytesToBase64(rootKey),
      encryption_key_b64: bytesToBase64(await deriveEncryptionKeyBytes(rootKey)),
      auth_hash_b64: authHash,
    },
    key_pair: {
      public_key: pair.publicKey,
      private_key_pkcs8_b64: bytesToBase64(pkcs8),
      ...sealedKey,
      fingerprint: await publicKeyFingerprint(pair.publicKey),
    },
    secret: {
      id: secretId,
      revision: REVISION,
      user_id: USER_ID,
      secret_key_b64: bytesToBase64(secretKey),
      encryption_iv: sealedSecret.encryption_iv,
      plaintext,
      encrypted_data: sealedSecret.encrypted_data,
      wrapped_key_for_user: await wrapSecretKey(secretKey, pair.publicKey, { secretId, userId: USER_ID }),
      note: 'Coffer own vectors. RSA-OAEP is randomized: wrapped_key_for_user must unwrap to secret_key_b64.',
    },
  };
}
