import type {
  NamedRef,
  Secret,
  SecretCategory,
  SecretChestRef,
  SecretListItem,
  SignedSecretHeader,
} from '@coffer/core';
import type { WrappedKey } from '../repositories/secret-key-repository.js';
import type { SealedSecretRecord, SecretListRecord } from '../repositories/secret-repository.js';

/** Related objects a secret answer may carry (options vault / teams). */
export interface SecretExtras {
  vault?: SecretChestRef;
  teams?: NamedRef[];
}

/**
 * A stored signed header as answers carry it (suite 2, issue 30): the parsed object, or null for a
 * suite-1 revision. Stored as canonical JSON after the save's checks (signed-header-check.ts).
 */
export function storedSignedHeader(stored: string | null): SignedSecretHeader | null {
  return stored === null ? null : (JSON.parse(stored) as SignedSecretHeader);
}

/** A secret in a list: metadata only, never ciphertext. */
export function presentSecretListItem(secret: SecretListRecord, extras: SecretExtras = {}): SecretListItem {
  const item: SecretListItem = {
    id: secret.id,
    name: secret.name,
    category: secret.category as SecretCategory,
    strength: secret.strength,
    form_fill: secret.form_fill,
    hidden: secret.hidden,
    vault_id: secret.vault_id,
    vault_name: secret.vault_name,
    marked_for_deletion: secret.deleted_at !== null,
    deleted_at: secret.deleted_at,
    created_at: secret.created_at,
    updated_at: secret.updated_at,
    signed_header: storedSignedHeader(secret.signed_header),
  };
  // Set after the rest, so they come last in the JSON, as before.
  if (extras.vault) item.vault = extras.vault;
  if (extras.teams) item.teams = extras.teams;
  return item;
}

/** A secret fetched by id: metadata, its sealed payload, its revision and the caller's own wrapped key. */
export function presentSecret(
  secret: SealedSecretRecord,
  ownKey: WrappedKey,
  extras: SecretExtras = {},
): Secret {
  return {
    ...presentSecretListItem(secret, extras),
    revision: secret.revision,
    encrypted_data: secret.encrypted_data,
    encryption_iv: secret.encryption_iv,
    secret_key: { encrypted_value: ownKey.encrypted_value, user_id: ownKey.user_id, version: ownKey.version },
  };
}
