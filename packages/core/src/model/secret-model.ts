// Secrets as they travel: metadata in clear, the payload only as ciphertext (crypto.md).

import type { SignedSecretHeader } from '../secret-header/secret-header.js';
import type { Id, IsoDate } from './common-model.js';
import type { SecretCategory } from './secret-category.js';
import type { Assignment } from './team-model.js';

export type { SecretCategory } from './secret-category.js';

/** The chest a secret sits in, as embedded in a secret (the spec's `chest`, `vault` on the wire). */
export interface SecretChestRef {
  id: Id;
  name: string;
  /** Whether the caller manages this chest. */
  manager: boolean;
  assignments: Assignment[];
}

/** A secret in a list: metadata only, no ciphertext. */
export interface SecretListItem {
  id: Id;
  name: string;
  category: SecretCategory;
  /** 1 to 5 for password secrets, null for the other categories. */
  strength: number | null;
  form_fill: boolean;
  /** "Don't show this secret to users": administrators only. */
  hidden: boolean;
  vault_id: Id;
  /** The chest's name (lists sort by it as `vault_name`). */
  vault_name?: string;
  vault?: SecretChestRef;
  teams?: { id: Id; name: string }[];
  marked_for_deletion?: boolean;
  /** When it was marked for deletion; null while it is live. */
  deleted_at?: IsoDate | null;
  created_at: IsoDate;
  updated_at: IsoDate;
  /**
   * The current revision's signed header (suite 2, issue 30), or null for a suite-1 revision. The
   * server checked only that it parses and states the revision it came with; readers verify it.
   */
  signed_header?: SignedSecretHeader | null;
}

/** The caller's own wrapped copy of a secret's key. */
export interface SecretKey {
  encrypted_value: string;
  user_id?: Id;
  version?: number;
}

/** One user's wrapped key of a secret (the spec's `unlocks`). */
export interface SecretUnlock {
  user_id: Id;
  encrypted_value: string;
}

/** A secret fetched by id: metadata plus ciphertext and the caller's wrapped key. */
export interface Secret extends SecretListItem {
  revision: number;
  encrypted_data: string;
  encryption_iv: string;
  secret_key: SecretKey | null;
  unlocks?: SecretUnlock[];
}

/** One wrapped key sent with a save. */
export interface SecretKeyAttributes {
  user_id: Id;
  encrypted_value: string;
}

/**
 * Fields of a secret create (`POST api/v1/secrets.json`, body `{secret}`).
 * `id` is a client-made UUID; `revision` is 1. No clear `url` is ever sent (crypto.md).
 */
export interface SecretCreate {
  id: Id;
  revision: number;
  vault_id: Id;
  name: string;
  category: SecretCategory;
  encrypted_data: string;
  encryption_iv: string;
  secret_keys_attributes: SecretKeyAttributes[];
  strength: number | null;
  form_fill: boolean;
  hidden: boolean;
  /** The import batch this secret is created by (issue 28): the caller's own batch, not undone. */
  import_batch_id?: Id;
  /** The revision's signed header (suite 2), once the organisation has a trust log. */
  signed_header?: SignedSecretHeader;
}

/** Fields of a secret save (`PUT api/v1/secrets/{id}.json`); `revision` is the stored one + 1. */
export type SecretUpdate = Omit<SecretCreate, 'id'> & { id?: Id };

/** Body of a secret create. */
export interface SecretCreateRequest {
  secret: SecretCreate;
}

/** Body of a secret save. */
export interface SecretUpdateRequest {
  secret: SecretUpdate;
}

/** Body of a move (`PUT api/v1/secrets/{id}.json`), with keys for the new chest's users when needed. */
export interface SecretMoveRequest {
  secret: { vault_id: Id; secret_keys_attributes?: SecretKeyAttributes[] };
}

/**
 * `GET /api/v1/secrets/changes.json?since=&limit=&category=` (issue 29, the extension's sync): what
 * changed for the caller since `since` (no `since`: from the beginning). `items` are the secrets the
 * caller can read now that changed, each as `GET /api/v1/secrets/:id.json` answers it; `removed` the
 * ids the caller may have held and cannot read now (deleted, marked for deletion, moved away, access
 * or key lost, or of another category), possibly some they never held. Send `cursor` back as the
 * next `since`; `more` says another page follows at once. `readable` counts the secrets the caller
 * can read now (of `category`): a client whose own count differs prunes with `GET /api/v1/secrets/ids.json`.
 */
export interface SecretChanges {
  items: Secret[];
  removed: string[];
  cursor: string;
  more: boolean;
  readable: number;
}

/** One readable secret in `GET /api/v1/secrets/ids.json`: its id and revision. */
export interface SecretIdRevision {
  id: string;
  revision: number;
}

/**
 * `GET /api/v1/secrets/ids.json?after=&limit=&category=`: readable secrets by id; `after` the last id
 * for the next page. `cursor` is a `since` for `changes.json` taken before this page was read: a
 * client that builds its index from these ids (a first sync) goes on from the first page's cursor, so
 * nothing that changes while it reads is missed.
 */
export interface SecretIdPage {
  items: SecretIdRevision[];
  more: boolean;
  cursor: string;
}

/**
 * `POST /api/v1/secrets/read.json` with `{ids, category?}` (at most SECRET_READ_MAX_IDS): the secrets
 * of those ids the caller can read now, each as `GET /api/v1/secrets/:id.json` answers it, in the
 * order asked; `missing` the ids it does not answer (not readable, gone, of another category or
 * another organisation: no difference is told).
 */
export interface SecretReadPage {
  items: Secret[];
  missing: string[];
}

/**
 * `GET /api/v1/secrets/unsigned.json?after=&limit=` (administrators): ids of the organisation's live
 * secrets without a signed header (suite 1), by id, `after` the last of the page before; `total` how
 * many are left.
 */
export interface UnsignedSecretPage {
  ids: string[];
  more: boolean;
  total: number;
}
