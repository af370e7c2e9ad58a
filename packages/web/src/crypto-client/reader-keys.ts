import type { PublicKeyEntry, SecretKeyAttributes } from '@coffer/core';
import { wrapSecretKey } from '@coffer/core';

/** Wraps a secret key once for each reader, its label binding the secret id and the reader's id. */
export function wrapForReaders(
  secretKey: Uint8Array,
  secretId: string,
  readers: readonly PublicKeyEntry[],
): Promise<SecretKeyAttributes[]> {
  return Promise.all(
    readers.map(async (reader) => ({
      user_id: reader.user_id,
      encrypted_value: await wrapSecretKey(secretKey, reader.public_key, {
        secretId,
        userId: reader.user_id,
      }),
    })),
  );
}
