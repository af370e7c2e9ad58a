import { beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, utf8Encode } from './encoding.js';
import { openPrivateKey, openSigningKey, publicKeyFingerprint } from './key-pair.js';
import {
  endorseKeyRotation,
  KEY_ROTATION_DOMAIN,
  KEY_ROTATION_SALT_BYTES,
  type KeyRotationEndorsement,
  keyRotationMessage,
  verifyKeyRotation,
} from './key-rotation.js';
import { unwrapSecretKey, wrapSecretKey } from './key-wrap.js';
import { generateSecretKey } from './secret-box.js';
import { expectKind, flipBit } from './testing/tamper.js';
import cofferJson from './vectors/coffer-suite1.json' with { type: 'json' };
import rotationJson from './vectors/key-rotation-v1.json' with { type: 'json' };
import referenceJson from './vectors/reference-suite1.json' with { type: 'json' };
import type { SuiteVectors } from './vectors/suite-vectors.js';

// The endorsing (old) key is Coffer's own vector key pair, sealed in coffer-suite1.json; the new
// key is the reference set's. The fixed signatures were made by another implementation.
const coffer: SuiteVectors = cofferJson;
const reference: SuiteVectors = referenceJson;
const vectors = rotationJson;
const endorsement: KeyRotationEndorsement = {
  userId: vectors.user_id,
  publicKey: vectors.public_key,
  endorsingPublicKey: vectors.endorsing_public_key,
  signature: vectors.signature,
};
const sealedOldKey = { ...coffer.key_pair, kdf_iterations: coffer.account.kdf_iterations };
const PSS = { name: 'RSA-PSS', hash: 'SHA-256' } as const;

let encryptionKey: CryptoKey;

// The suite vectors prove the encryption key is derived right; importing it keeps PBKDF2 out of here.
beforeAll(async () => {
  encryptionKey = await crypto.subtle.importKey(
    'raw',
    base64ToBytes(coffer.account.encryption_key_b64),
    'AES-GCM',
    false,
    ['encrypt', 'decrypt'],
  );
});

describe('key rotation vectors', () => {
  it('are the rotation of the reference key, endorsed by Coffer’s vector key', () => {
    expect(vectors.domain).toBe(KEY_ROTATION_DOMAIN);
    expect(vectors.salt_bytes).toBe(KEY_ROTATION_SALT_BYTES);
    expect(vectors.endorsing_public_key).toBe(coffer.key_pair.public_key);
    expect(vectors.public_key).toBe(reference.key_pair.public_key);
    expect(base64ToBytes(vectors.signature)).toHaveLength(384);
  });

  it('builds the domain-separated message over the new key’s fingerprint', async () => {
    expect(await publicKeyFingerprint(vectors.public_key)).toBe(vectors.fingerprint);
    expect(await keyRotationMessage(endorsement)).toBe(vectors.message_utf8);
    expect(vectors.message_utf8).toBe(`coffer-key-rotation/v1\n${vectors.user_id}\n${vectors.fingerprint}`);
  });

  it('verifies the fixed signature', async () => {
    expect(await verifyKeyRotation(endorsement)).toBe(true);
  });

  it.each([
    ['another user id', { userId: 'another-user' }],
    ['the same id in capitals', { userId: vectors.user_id.toUpperCase() }],
    ['another new key', { publicKey: coffer.key_pair.public_key }],
    ['another endorsing key', { endorsingPublicKey: reference.key_pair.public_key }],
    ['a flipped first bit', { signature: flipBit(vectors.signature, 0) }],
    ['a flipped middle bit', { signature: flipBit(vectors.signature, 192) }],
    ['a flipped last bit', { signature: flipBit(vectors.signature, -1) }],
    ['a truncated signature', { signature: bytesToBase64(base64ToBytes(vectors.signature).slice(0, 383)) }],
    ['an empty signature', { signature: '' }],
  ] satisfies Array<[string, Partial<KeyRotationEndorsement>]>)('rejects %s', async (_name, change) => {
    expect(await verifyKeyRotation({ ...endorsement, ...change })).toBe(false);
  });

  it('rejects a signature by the same key over another domain', async () => {
    const other = { ...endorsement, signature: vectors.other_domain_signature };
    // It is a valid signature of its own message: only the domain makes it fail.
    const key = await crypto.subtle.importKey(
      'spki',
      base64ToBytes(vectors.endorsing_public_key),
      PSS,
      false,
      ['verify'],
    );
    const params = { name: 'RSA-PSS', saltLength: 32 };
    const ownMessage = utf8Encode(vectors.other_domain_message_utf8);
    expect(await crypto.subtle.verify(params, key, base64ToBytes(other.signature), ownMessage)).toBe(true);
    expect(await verifyKeyRotation(other)).toBe(false);
  });

  it.each([
    ['a non-canonical signature', { signature: `${vectors.signature.slice(0, -2)}x=` }],
    ['a signature that is not base64', { signature: 'not base64!' }],
    ['an endorsing key that is not SPKI', { endorsingPublicKey: 'bm90IGEga2V5' }],
    ['a new key that is not SPKI', { publicKey: 'bm90IGEga2V5' }],
    ['an empty user id', { userId: '' }],
    ['a user id with a line break', { userId: `${vectors.user_id}\nx` }],
  ] satisfies Array<[string, Partial<KeyRotationEndorsement>]>)(
    'calls %s malformed',
    async (_name, change) => {
      await expectKind(verifyKeyRotation({ ...endorsement, ...change }), 'malformed');
    },
  );

  it('refuses endorsing and endorsed keys that are not suite-1 RSA keys', async () => {
    const weak = await crypto.subtle.generateKey(
      { ...PSS, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ['sign', 'verify'],
    );
    const weakPublic = bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('spki', weak.publicKey)));
    await expectKind(verifyKeyRotation({ ...endorsement, endorsingPublicKey: weakPublic }), 'malformed');
    const signingKey = await openSigningKey(sealedOldKey, encryptionKey);
    await expectKind(
      endorseKeyRotation(signingKey, { userId: vectors.user_id, publicKey: weakPublic }),
      'malformed',
    );
  });

  it('keeps key material out of every error message', async () => {
    const errors = [
      await expectKind(verifyKeyRotation({ ...endorsement, signature: 'x' }), 'malformed'),
      await expectKind(
        verifyKeyRotation({ ...endorsement, endorsingPublicKey: 'bm90IGEga2V5' }),
        'malformed',
      ),
      await expectKind(openSigningKey(sealedOldKey, await otherEncryptionKey()), 'integrity'),
    ];
    for (const error of errors) {
      expect(error.message).not.toContain(vectors.signature.slice(0, 16));
      expect(error.message).not.toContain(vectors.endorsing_public_key.slice(40, 56));
      expect(error.message).not.toContain(coffer.key_pair.encrypted_private_key.slice(0, 16));
      expect(error.cause).toBeUndefined();
    }
  });
});

describe('opening the sealed private key for signing', () => {
  it('opens it as a non-extractable RSA-PSS key that can only sign', async () => {
    const signingKey = await openSigningKey(sealedOldKey, encryptionKey);
    expect(signingKey.extractable).toBe(false);
    expect(signingKey.usages).toEqual(['sign']);
    expect(signingKey.algorithm).toMatchObject({ name: 'RSA-PSS', hash: { name: 'SHA-256' } });
    await expect(crypto.subtle.exportKey('pkcs8', signingKey)).rejects.toThrow();
  });

  it('endorses a rotation that the endorsing public key verifies, freshly randomised each time', async () => {
    const signingKey = await openSigningKey(sealedOldKey, encryptionKey);
    const rotation = { userId: vectors.user_id, publicKey: vectors.public_key };
    const first = await endorseKeyRotation(signingKey, rotation);
    const second = await endorseKeyRotation(signingKey, rotation);
    expect(first).not.toBe(second);
    for (const signature of [first, second]) {
      expect(base64ToBytes(signature)).toHaveLength(384);
      expect(await verifyKeyRotation({ ...endorsement, signature })).toBe(true);
    }
    expect(await verifyKeyRotation({ ...endorsement, signature: first, userId: 'someone-else' })).toBe(false);
  });

  it('refuses another encryption key and iterations below the floor, like openPrivateKey', async () => {
    await expectKind(openSigningKey(sealedOldKey, await otherEncryptionKey()), 'integrity');
    await expectKind(
      openSigningKey({ ...sealedOldKey, kdf_iterations: 1000 }, encryptionKey),
      'iterations-too-low',
    );
    await expectKind(
      openSigningKey({
        ...sealedOldKey,
        encrypted_private_key: flipBit(sealedOldKey.encrypted_private_key, 5),
      }),
      'integrity',
    );
  });

  it('signs only with a key opened for signing', async () => {
    const decryptKey = await openPrivateKey(sealedOldKey, encryptionKey);
    await expectKind(
      endorseKeyRotation(decryptKey, { userId: vectors.user_id, publicKey: vectors.public_key }),
      'malformed',
    );
  });
});

describe('a rotation as the app makes it', () => {
  it('the sealed old key endorses the new one and still unwraps what was wrapped for it', async () => {
    const userId = '0b7c1f2e-4d5a-4e6b-8c9d-0e1f2a3b4c5d';
    const signature = await endorseKeyRotation(await openSigningKey(sealedOldKey, encryptionKey), {
      userId,
      publicKey: reference.key_pair.public_key,
    });
    const rotation = {
      userId,
      publicKey: reference.key_pair.public_key,
      endorsingPublicKey: coffer.key_pair.public_key,
    };
    expect(await verifyKeyRotation({ ...rotation, signature })).toBe(true);
    // Not the other way round: the new key did not sign.
    const reversed = { ...rotation, endorsingPublicKey: reference.key_pair.public_key };
    expect(await verifyKeyRotation({ ...reversed, signature })).toBe(false);

    // One key pair, both schemes: the same sealed key still opens for RSA-OAEP.
    const place = { secretId: 'a1b2c3d4-0000-4000-8000-000000000001', userId };
    const secretKey = generateSecretKey();
    const wrapped = await wrapSecretKey(secretKey, coffer.key_pair.public_key, place);
    const opened = await unwrapSecretKey(wrapped, await openPrivateKey(sealedOldKey, encryptionKey), place);
    expect(bytesToBase64(opened)).toBe(bytesToBase64(secretKey));
  });
});

function otherEncryptionKey(): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    base64ToBytes(reference.account.encryption_key_b64),
    'AES-GCM',
    false,
    ['encrypt', 'decrypt'],
  );
}
