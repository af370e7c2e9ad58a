import { beforeAll, describe, expect, it } from 'vitest';
import { deriveAccountKeys } from './account-keys.js';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.js';
import { importPublicKey, openPrivateKey, publicKeyFingerprint, sealPrivateKey } from './key-pair.js';
import { unwrapSecretKey, wrapSecretKey } from './key-wrap.js';
import { openSecret, openSecretText, sealSecret } from './secret-box.js';
import { expectKind, flipBit } from './testing/tamper.js';
import cofferJson from './vectors/coffer-suite1.json' with { type: 'json' };
import referenceJson from './vectors/reference-suite1.json' with { type: 'json' };
import type { SuiteVectors } from './vectors/suite-vectors.js';

// Attacks of a malicious server on stored ciphertext (crypto.md): each must end in a CryptoError, never in data.
const reference: SuiteVectors = referenceJson;
const other: SuiteVectors = cofferJson;
const { secret, key_pair: keyPair, account } = reference;
const secretKey = base64ToBytes(secret.secret_key_b64);
const storedSecret = { ...secret, secretId: secret.id, revision: secret.revision };
const storedPrivateKey = { ...keyPair, kdf_iterations: account.kdf_iterations };
const wrappedPlace = { secretId: secret.id, userId: secret.user_id };
const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

let encryptionKey: CryptoKey;
let privateKey: CryptoKey;
let otherPrivateKey: CryptoKey;

// The vector suite proves these keys are derived correctly; importing them here keeps PBKDF2 out of this file.
beforeAll(async () => {
  encryptionKey = await importAes(base64ToBytes(account.encryption_key_b64));
  privateKey = await importPrivateKey(keyPair.private_key_pkcs8_b64);
  otherPrivateKey = await importPrivateKey(other.key_pair.private_key_pkcs8_b64);
});

function importAes(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

function importPrivateKey(pkcs8: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', base64ToBytes(pkcs8), RSA_OAEP, false, ['decrypt']);
}

describe('secret payloads', () => {
  it.each([
    ['the first ciphertext byte', 0],
    ['a middle ciphertext byte', 40],
    ['the tag', -1],
    ['the first tag byte', -16],
  ])('refuse a flipped bit in %s', async (_where, index) => {
    const tampered = { ...storedSecret, encrypted_data: flipBit(secret.encrypted_data, index) };
    await expectKind(openSecret(tampered, secretKey), 'integrity');
  });

  it('refuse a flipped bit in the iv', async () => {
    const tampered = { ...storedSecret, encryption_iv: flipBit(secret.encryption_iv, 0) };
    await expectKind(openSecretText(tampered, secretKey), 'integrity');
  });

  it('refuse data moved to another secret id', async () => {
    const moved = { ...storedSecret, secretId: other.secret.id };
    await expectKind(openSecret(moved, secretKey), 'integrity');
  });

  it.each([secret.revision - 1, secret.revision + 1, 0, 1.5])(
    'refuse being opened as revision %s',
    async (revision) => {
      await expectKind(openSecret({ ...storedSecret, revision }, secretKey), 'integrity');
    },
  );

  it('refuse another secret key, a truncated value and malformed base64', async () => {
    await expectKind(openSecret(storedSecret, base64ToBytes(other.secret.secret_key_b64)), 'integrity');
    await expectKind(openSecret(storedSecret, secretKey.subarray(0, 16)), 'integrity');
    const truncated = bytesToBase64(base64ToBytes(secret.encrypted_data).subarray(0, 15));
    await expectKind(openSecret({ ...storedSecret, encrypted_data: truncated }, secretKey), 'integrity');
    await expectKind(openSecret({ ...storedSecret, encrypted_data: 'not base64!' }, secretKey), 'integrity');
    const shortIv = bytesToBase64(base64ToBytes(secret.encryption_iv).subarray(0, 8));
    await expectKind(openSecret({ ...storedSecret, encryption_iv: shortIv }, secretKey), 'integrity');
  });

  it('refuse an authentic plaintext that is not a JSON object', async () => {
    const sealed = await sealSecret({ secretId: secret.id, revision: 1, payload: ['a list'], secretKey });
    await expectKind(openSecret({ ...sealed, secretId: secret.id, revision: 1 }, secretKey), 'integrity');
  });

  it('are never sealed with an iv other than 12 bytes or a key other than 32 bytes', async () => {
    const input = { secretId: secret.id, revision: 1, payload: {}, secretKey };
    await expectKind(sealSecret({ ...input, iv: new Uint8Array(16) }), 'malformed');
    await expectKind(sealSecret({ ...input, secretKey: secretKey.subarray(0, 16) }), 'malformed');
  });
});

describe('wrapped secret keys', () => {
  it('unwrap only for their own user and secret', async () => {
    expect(await unwrapSecretKey(secret.wrapped_key_for_user, privateKey, wrappedPlace)).toEqual(secretKey);
    const otherUser = { ...wrappedPlace, userId: 'user-eve' };
    await expectKind(unwrapSecretKey(secret.wrapped_key_for_user, privateKey, otherUser), 'integrity');
    const otherSecret = { ...wrappedPlace, secretId: other.secret.id };
    await expectKind(unwrapSecretKey(secret.wrapped_key_for_user, privateKey, otherSecret), 'integrity');
  });

  it('refuse another private key, a flipped bit and malformed base64', async () => {
    await expectKind(
      unwrapSecretKey(secret.wrapped_key_for_user, otherPrivateKey, wrappedPlace),
      'integrity',
    );
    const flipped = flipBit(secret.wrapped_key_for_user, 100);
    await expectKind(unwrapSecretKey(flipped, privateKey, wrappedPlace), 'integrity');
    await expectKind(unwrapSecretKey('%%%', privateKey, wrappedPlace), 'integrity');
  });

  it('refuse an authentic wrap of something that is not a 32-byte key', async () => {
    const publicKey = await importPublicKey(keyPair.public_key);
    const label = utf8Encode(`coffer:key:1:${secret.id}:${secret.user_id}`);
    const short = await crypto.subtle.encrypt({ name: 'RSA-OAEP', label }, publicKey, new Uint8Array(16));
    await expectKind(
      unwrapSecretKey(bytesToBase64(new Uint8Array(short)), privateKey, wrappedPlace),
      'integrity',
    );
  });

  it('are never made from a key other than 32 bytes', async () => {
    await expectKind(wrapSecretKey(new Uint8Array(31), keyPair.public_key, wrappedPlace), 'malformed');
  });
});

describe('sealed private keys', () => {
  it('refuse a changed kdf_iterations above the floor', async () => {
    await expectKind(
      openPrivateKey({ ...storedPrivateKey, kdf_iterations: 600_001 }, encryptionKey),
      'integrity',
    );
  });

  it('refuse a flipped bit, another iv and another encryption key', async () => {
    const flipped = {
      ...storedPrivateKey,
      encrypted_private_key: flipBit(keyPair.encrypted_private_key, -1),
    };
    await expectKind(openPrivateKey(flipped, encryptionKey), 'integrity');
    const otherIv = { ...storedPrivateKey, private_key_iv: flipBit(keyPair.private_key_iv, 11) };
    await expectKind(openPrivateKey(otherIv, encryptionKey), 'integrity');
    const otherKey = await importAes(base64ToBytes(other.account.encryption_key_b64));
    await expectKind(openPrivateKey(storedPrivateKey, otherKey), 'integrity');
  });

  it.each([599_999, 5000, Number.NaN, 600_000.5])(
    'refuse %s iterations before trying to decrypt',
    async (iterations) => {
      // Garbage ciphertext: only the iteration check can produce 'iterations-too-low'.
      const stored = { encrypted_private_key: '!', private_key_iv: '!', kdf_iterations: iterations };
      await expectKind(openPrivateKey(stored, encryptionKey), 'iterations-too-low');
    },
  );

  it('refuse a downgrade even when the ciphertext was sealed under the lower figure', async () => {
    // A server holding a key sealed for 5,000 iterations still cannot get the client to open it.
    const extractable = await crypto.subtle.importKey(
      'pkcs8',
      base64ToBytes(keyPair.private_key_pkcs8_b64),
      RSA_OAEP,
      true,
      ['decrypt'],
    );
    const sealed = await sealPrivateKey(extractable, encryptionKey, 5000);
    await expectKind(
      openPrivateKey({ ...sealed, kdf_iterations: 5000 }, encryptionKey),
      'iterations-too-low',
    );
  });
});

describe('public keys', () => {
  it('refuse malformed base64 and bytes that are not an SPKI', async () => {
    await expectKind(importPublicKey('MIIB=='), 'malformed');
    await expectKind(importPublicKey(bytesToBase64(utf8Encode('not a key'))), 'malformed');
    await expectKind(publicKeyFingerprint('abc'), 'malformed');
  });

  it('refuse an RSA key that is not 3072 bits', async () => {
    const weak = await crypto.subtle.generateKey(
      { ...RSA_OAEP, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', weak.publicKey));
    await expectKind(importPublicKey(bytesToBase64(spki)), 'malformed');
    await expectKind(wrapSecretKey(secretKey, bytesToBase64(spki), wrappedPlace), 'malformed');
  });
});

describe('error messages', () => {
  it('carry no key material, password or WebCrypto text', async () => {
    const errors = await Promise.all([
      expectKind(openSecret({ ...storedSecret, revision: 9 }, secretKey), 'integrity'),
      expectKind(unwrapSecretKey(secret.wrapped_key_for_user, otherPrivateKey, wrappedPlace), 'integrity'),
      expectKind(
        openPrivateKey({ ...storedPrivateKey, kdf_iterations: 600_001 }, encryptionKey),
        'integrity',
      ),
      expectKind(
        deriveAccountKeys({ email: account.email, password: account.password, iterations: 1 }),
        'iterations-too-low',
      ),
      expectKind(importPublicKey(`${keyPair.public_key.slice(0, -4)}!!!!`), 'malformed'),
    ]);
    const secrets = [
      account.password,
      account.root_key_b64,
      account.encryption_key_b64,
      account.auth_hash_b64,
      secret.secret_key_b64,
      secret.plaintext,
      keyPair.private_key_pkcs8_b64.slice(0, 40),
      keyPair.public_key.slice(0, 40),
    ];
    for (const error of errors) {
      expect(error.cause).toBeUndefined();
      expect(error.message).not.toMatch(/operation|decrypt|OperationError|DOMException/i);
      for (const value of secrets) expect(error.message).not.toContain(value);
    }
  });
});
