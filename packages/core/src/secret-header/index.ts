// Signed secret headers, crypto suite 2 (docs/crypto.md, "Signed secret headers (suite 2)"): each save
// signs the secret's metadata, a hash of its ciphertext and a commitment to its key.
export { dataHash, KEY_COMMIT_DOMAIN, keyCommitment } from './key-commitment.js';
export {
  SECRET_HEADER_DOMAIN,
  SECRET_HEADER_VERSION,
  type SecretHeader,
  type SignedSecretHeader,
} from './secret-header.js';
export { isSecretHeaderError, SecretHeaderError, type SecretHeaderErrorKind } from './secret-header-error.js';
export { type HeaderSigner, headerSigner, signRevisionHeader } from './sign-revision-header.js';
export { parseSignedSecretHeader, secretHeaderMessage, signSecretHeader } from './sign-secret-header.js';
export {
  checkKeyCommitment,
  type ListedSecretRecord,
  type SecretHeaderRecord,
  type VerifySecretHeaderContext,
  verifyListedSecretHeader,
  verifySecretHeader,
} from './verify-secret-header.js';
