import {
  base64ToBytes,
  CRYPTO_SUITE,
  GCM_IV_BYTES,
  isSecretCategory,
  isUuid,
  RSA_MODULUS_BITS,
  validateSecretMetadata,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { WrappedKey } from '../../repositories/secret-key-repository.js';
import type { SecretValues } from '../../repositories/secret-repository.js';

/** Largest sealed payload (ciphertext and tag) a secret may have. */
export const MAX_SEALED_PAYLOAD_BYTES = 64 * 1024;
/** The 413 answer for a bigger one. */
export const SECRET_TOO_LARGE_MESSAGE = 'The secret is too large: its encrypted data may be at most 64 KiB.';
/** Secret ids are client-made lower-case UUIDs, because the id is part of the additional data. */
export const SECRET_ID_MESSAGE = 'The secret id must be a lower-case UUID made by the client.';
/** A save or move may not carry a clear URL: it belongs inside the encrypted payload (crypto.md). */
export const CLEAR_URL_MESSAGE = 'A clear url is not accepted: keep it inside the encrypted data.';

// AES-GCM's tag plus the smallest JSON object, "{}".
const MIN_SEALED_PAYLOAD_BYTES = 16 + 2;
const WRAPPED_KEY_BYTES = RSA_MODULUS_BITS / 8;

/** A wrapped key as sent with a save, a move or a reshare. */
export interface WrappedKeyInput {
  user_id: string;
  encrypted_value: string;
  version?: number;
}

/** The fields of a secret create or save as they arrive (`secret`). */
export interface SecretInput {
  id?: string;
  revision?: number;
  vault_id?: string;
  name?: string;
  category?: string;
  encrypted_data?: string;
  encryption_iv?: string;
  secret_keys_attributes?: WrappedKeyInput[];
  strength?: number | null;
  form_fill?: boolean;
  hidden?: boolean;
  /** A create only: the caller's open import batch that makes this secret (issue 28). */
  import_batch_id?: string;
  /** The revision's signed header `{header, sig}` (suite 2, issue 30), untrusted: signed-header-check.ts. */
  signed_header?: unknown;
}

function decodedLength(value: string, field: string): number {
  try {
    return base64ToBytes(value).length;
  } catch {
    throw AppError.validation(`Field ${field} must be base64.`);
  }
}

/** Checks a client-made secret id. */
export function checkSecretId(id: string | undefined): string {
  if (!isUuid(id)) throw AppError.validation(SECRET_ID_MESSAGE);
  return id;
}

/** Checks the sealed payload: base64, at most 64 KiB (413), and a 12-byte iv. */
export function checkSealedPayload(encryptedData: string | undefined, iv: string | undefined): void {
  if (!encryptedData) throw AppError.validation('Field secret.encrypted_data is required');
  if (!iv) throw AppError.validation('Field secret.encryption_iv is required');
  if (encryptedData.length > Math.ceil(MAX_SEALED_PAYLOAD_BYTES / 3) * 4) {
    throw new AppError('payload_too_large', SECRET_TOO_LARGE_MESSAGE);
  }
  const length = decodedLength(encryptedData, 'secret.encrypted_data');
  if (length > MAX_SEALED_PAYLOAD_BYTES) throw new AppError('payload_too_large', SECRET_TOO_LARGE_MESSAGE);
  if (length < MIN_SEALED_PAYLOAD_BYTES)
    throw AppError.validation('Field secret.encrypted_data is too short.');
  if (decodedLength(iv, 'secret.encryption_iv') !== GCM_IV_BYTES) {
    throw AppError.validation(`Field secret.encryption_iv must be ${GCM_IV_BYTES} bytes.`);
  }
}

/** Checks a create or save and returns what to store; `revision` is checked by the caller. */
export function checkSecretValues(input: SecretInput): SecretValues {
  const [message] = validateSecretMetadata({ name: input.name, vault_id: input.vault_id }).errors;
  if (message) throw AppError.validation(message);
  if (!isSecretCategory(input.category)) throw AppError.validation('Field secret.category is invalid');
  if (!Number.isInteger(input.revision) || (input.revision ?? 0) < 1) {
    throw AppError.validation('Field secret.revision is required');
  }
  checkSealedPayload(input.encrypted_data, input.encryption_iv);
  return {
    vault_id: input.vault_id ?? '',
    name: (input.name ?? '').trim(),
    category: input.category,
    strength: input.strength ?? null,
    form_fill: input.form_fill ?? false,
    hidden: input.hidden ?? false,
    encrypted_data: input.encrypted_data ?? '',
    encryption_iv: input.encryption_iv ?? '',
    revision: input.revision ?? 1,
    // Set by the caller after checkSignedHeader; none is a suite-1 revision.
    signed_header: null,
  };
}

/** Checks the form of wrapped keys: one per user, base64 RSA-OAEP-3072 output, suite 1. */
export function checkWrappedKeys(keys: readonly WrappedKeyInput[]): WrappedKey[] {
  const seen = new Set<string>();
  return keys.map((key) => {
    if (seen.has(key.user_id)) throw AppError.validation('Each person may get only one key of a secret.');
    seen.add(key.user_id);
    const version = key.version ?? CRYPTO_SUITE;
    if (version !== CRYPTO_SUITE) throw AppError.validation('Field version is not a supported key version.');
    if (decodedLength(key.encrypted_value, 'encrypted_value') !== WRAPPED_KEY_BYTES) {
      throw AppError.validation('Field encrypted_value is not a wrapped key.');
    }
    return { user_id: key.user_id, encrypted_value: key.encrypted_value, version };
  });
}
