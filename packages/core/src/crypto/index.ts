// Coffer's crypto suite 1 (docs/crypto.md): WebCrypto only, the same code in the browser and in Node.
export {
  type AccountKeyInput,
  type AccountKeys,
  assertKdfIterations,
  deriveAccountKeys,
  deriveAuthHash,
  deriveEncryptionKeyBytes,
  normaliseEmail,
} from './account-keys.js';
export {
  type AttachmentChunkPlace,
  type AttachmentKey,
  generateAttachmentKey,
  importAttachmentKey,
  type OpenAttachmentChunkInput,
  openAttachmentChunk,
  type SealAttachmentChunkInput,
  sealAttachmentChunk,
} from './attachment-box.js';
export { type Bytes, base64ToBytes, bytesToBase64, bytesToHex, utf8Decode, utf8Encode } from './encoding.js';
export { CryptoError, type CryptoErrorKind, isCryptoError } from './errors.js';
export { FINGERPRINT_WORD_COUNT, fingerprintWords } from './fingerprint-words.js';
export {
  generateUserKeyPair,
  importPublicKey,
  importSigningKey,
  importUnwrappingKey,
  importVerifyingKey,
  openPrivateKey,
  openSigningKey,
  publicKeyFingerprint,
  resealPrivateKey,
  type SealedPrivateKey,
  type StoredPrivateKey,
  sealPrivateKey,
  type UserKeyPair,
} from './key-pair.js';
export {
  endorseKeyRotation,
  KEY_ROTATION_DOMAIN,
  KEY_ROTATION_SALT_BYTES,
  KEY_ROTATION_SIGNATURE_BYTES,
  type KeyRotation,
  type KeyRotationEndorsement,
  keyRotationMessage,
  verifyKeyRotation,
} from './key-rotation.js';
export { unwrapSecretKey, type WrappedKeyPlace, wrapSecretKey } from './key-wrap.js';
export { isUuid, newSecretId, randomBytes } from './random-values.js';
export {
  generateSecretKey,
  type OpenSecretInput,
  openSecret,
  openSecretText,
  type SealedSecret,
  type SealSecretInput,
  type SecretPlace,
  sealSecret,
} from './secret-box.js';
export {
  AUTH_HASH_INFO,
  attachmentChunkAdditionalData,
  CRYPTO_SUITE,
  DEFAULT_KDF_ITERATIONS,
  ENCRYPTION_KEY_INFO,
  GCM_IV_BYTES,
  MIN_KDF_ITERATIONS,
  privateKeyAdditionalData,
  RSA_MODULUS_BITS,
  SYMMETRIC_KEY_BYTES,
  secretAdditionalData,
  wrappedKeyLabel,
} from './suite-constants.js';
