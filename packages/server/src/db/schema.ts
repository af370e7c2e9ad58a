import type { ColumnType, Insertable, Selectable, SqlBool, Updateable } from 'kysely';

// Column conventions (docs/server.md):
// - ids are text: crypto.randomUUID() made by the server, or UUIDv7 (db/uuid-v7.ts) where rows are
//   written in bulk or read in the order written (wrapped keys, audit entries); secrets' ids come
//   from the client;
// - timestamps are ISO-8601 UTC text, so ordering is identical on SQLite and PostgreSQL;
// - booleans read back as 0/1 on SQLite and true/false on PostgreSQL: read them through toBool().

/** A boolean column that must be given on insert. */
export type BoolColumn = ColumnType<SqlBool, boolean, boolean>;
/** A boolean column with a database default. */
export type DefaultedBool = ColumnType<SqlBool, boolean | undefined, boolean>;
/** An integer column with a database default. */
export type DefaultedInt = ColumnType<number, number | undefined, number>;
/** A nullable column that may be left out on insert. */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** organisations: one customer account; every other table hangs off it. */
export interface OrganisationsTable {
  id: string;
  name: string;
  owner_id: Nullable<string>;
  /** Minutes of inactivity before a session ends; -1 means never. */
  inactivity_length: DefaultedInt;
  /** Changes of secrets and wrapped keys so far: written only by the triggers of migration 2026-12-07-0001. */
  change_seq: DefaultedInt;
  created_at: string;
  updated_at: string;
}

/** users: people who sign in; email is lower-case and unique across all organisations. */
export interface UsersTable {
  id: string;
  organisation_id: string;
  name: string;
  email: string;
  /** Argon2id of the client's auth hash (crypto.md). */
  password_hash: string;
  kdf_iterations: number;
  public_key: string;
  encrypted_private_key: string;
  private_key_iv: string;
  key_version: DefaultedInt;
  administrator: DefaultedBool;
  data_administrator: DefaultedBool;
  dark_mode: DefaultedBool;
  first_time: DefaultedBool;
  has_secret: DefaultedBool;
  tutorial: DefaultedBool;
  locked: DefaultedBool;
  must_change_password: DefaultedBool;
  otp_required_for_login: DefaultedBool;
  /** TOTP seed sealed with encryptAtRest(). */
  otp_secret_encrypted: Nullable<string>;
  /** Last accepted TOTP time step, so a code cannot be replayed. */
  otp_last_step: Nullable<number>;
  marketing_opt_in: DefaultedBool;
  terms_accepted_at: Nullable<string>;
  confirmation_token_hash: Nullable<string>;
  confirmation_sent_at: Nullable<string>;
  confirmed_at: Nullable<string>;
  created_at: string;
  updated_at: string;
  // key_endorsement and endorsing_public_key: see UserKeyEndorsementColumns below.
}

/**
 * The key rotation endorsement columns of users (migration 2026-11-24-0020, docs/crypto.md), read and
 * written only by repositories/key-endorsement-repository.ts (through `db.withTables`). Kept out of
 * UsersTable on purpose: the user rows loaded on every request (USER_COLUMNS) need not carry a public
 * key and a signature more. A trigger clears both when public_key changes without them.
 */
export interface UserKeyEndorsementColumns {
  /** Base64 RSA-PSS signature, by the previous key, of the rotation to public_key; null when none. */
  key_endorsement: Nullable<string>;
  /** The previous public key (base64 SPKI) that signed; null when none. */
  endorsing_public_key: Nullable<string>;
}

/** otp_recovery_codes: hashed one-time backup codes for two-factor sign-in. */
export interface OtpRecoveryCodesTable {
  id: string;
  organisation_id: string;
  user_id: string;
  code_hash: string;
  used_at: Nullable<string>;
  created_at: string;
}

/** sessions: the SHA-256 of each opaque bearer token, with its expiry and revocation. */
export interface SessionsTable {
  id: string;
  organisation_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: Nullable<string>;
  revoked_reason: Nullable<string>;
  /** When this session last proved the password (verify_password); fresh for five minutes. */
  password_verified_at: Nullable<string>;
  /** When a correct code last turned two-factor on in this session; lets setup fetch its codes once. */
  otp_verified_at: Nullable<string>;
}

/** invitations: pending invitations; team_ids is a JSON array of team ids. */
export interface InvitationsTable {
  id: string;
  organisation_id: string;
  inviter_id: string;
  name: string;
  email: string;
  token_hash: string;
  team_ids: string;
  accepted_at: Nullable<string>;
  expires_at: string;
  created_at: string;
}

/**
 * email_changes: a user's e-mail change waiting for the link mailed to the new address, with the
 * credentials re-derived for it (the e-mail is the key salt); one per user, the token as SHA-256.
 */
export interface EmailChangesTable {
  user_id: string;
  organisation_id: string;
  email: string;
  token_hash: string;
  password_hash: string;
  encrypted_private_key: string;
  private_key_iv: string;
  kdf_iterations: number;
  expires_at: string;
  created_at: string;
}

/** teams: groups of users that chests are assigned to. */
export interface TeamsTable {
  id: string;
  organisation_id: string;
  name: string;
  default_for_new_users: DefaultedBool;
  /** Its members (kept by repositories/membership-repository.ts, in the change's transaction). */
  user_count: DefaultedInt;
  created_at: string;
  updated_at: string;
}

/** memberships: a user in a team. */
export interface MembershipsTable {
  id: string;
  organisation_id: string;
  team_id: string;
  user_id: string;
  edit_access: DefaultedBool;
  created_at: string;
  updated_at: string;
}

/** vaults: chests (the spec's "vault" in API paths). */
export interface VaultsTable {
  id: string;
  organisation_id: string;
  name: string;
  /** Live secrets in it (kept by repositories/chest-counts.ts, in the change's transaction). */
  secret_count: DefaultedInt;
  /** Live secrets in it that are not hidden: what non-administrators see counted. */
  visible_secret_count: DefaultedInt;
  /** Teams linked to it (assignments). */
  team_count: DefaultedInt;
  /** Rotate its secrets every N days (issue 31), or null. */
  rotation_days: Nullable<number>;
  /** When its managers were last reminded of its open rotation rows, or null. */
  rotation_reminded_at: Nullable<string>;
  created_at: string;
  updated_at: string;
}

/** assignments: a team's Read or Write access to a chest. */
export interface AssignmentsTable {
  id: string;
  organisation_id: string;
  vault_id: string;
  team_id: string;
  edit_access: DefaultedBool;
  created_at: string;
  updated_at: string;
}

/** vault_managers: users who manage a chest. */
export interface VaultManagersTable {
  id: string;
  organisation_id: string;
  vault_id: string;
  user_id: string;
  created_at: string;
}

/** secrets: the encrypted payload and the metadata the server may see (crypto.md). */
export interface SecretsTable {
  id: string;
  organisation_id: string;
  vault_id: string;
  /** The chest's name, kept with the secret so lists sort by it through an index. */
  vault_name: string;
  name: string;
  category: string;
  strength: number;
  form_fill: DefaultedBool;
  hidden: DefaultedBool;
  encrypted_data: string;
  encryption_iv: string;
  revision: number;
  suite: DefaultedInt;
  created_by: string;
  updated_by: string;
  deleted_at: Nullable<string>;
  /** The import batch that created the secret (issue 28), or null. */
  import_batch_id: Nullable<string>;
  /** The organisation's change_seq of the last write (a trigger stamps it; the sync reads it). */
  change_seq: DefaultedInt;
  /**
   * The current revision's signed header, suite 2 (issue 30): the canonical JSON of `{header, sig}`
   * as checked at the save (signed-header-check.ts), or null for a suite-1 revision.
   */
  signed_header: Nullable<string>;
  created_at: string;
  updated_at: string;
}

/** secret_keys: a secret's key wrapped for one user. */
export interface SecretKeysTable {
  id: string;
  organisation_id: string;
  secret_id: string;
  user_id: string;
  encrypted_value: string;
  version: DefaultedInt;
  /** The organisation's change_seq when the key was written (a trigger stamps it; the sync reads it). */
  change_seq: DefaultedInt;
  created_at: string;
  updated_at: string;
}

/**
 * secret_key_removals: a wrapped key deleted, with the organisation's change_seq of the deletion; at
 * most one per secret and user, dropped when the user gets a key of the secret again. Written only by
 * triggers (migration 2026-12-07-0001); read by the sync.
 */
export interface SecretKeyRemovalsTable {
  organisation_id: string;
  secret_id: string;
  user_id: string;
  change_seq: number;
}

/**
 * key_purges: a removed user whose wrapped keys are still to be deleted (migration 2026-12-07-0060):
 * written in the removal's transaction, emptied by services/users/key-purger.ts after it commits.
 */
export interface KeyPurgesTable {
  user_id: string;
  organisation_id: string;
  created_at: string;
}

/** missing_keys: a (secret, reader) pair whose reader holds no wrapped key, kept by services/key-bookkeeping.ts. */
export interface MissingKeysTable {
  organisation_id: string;
  secret_id: string;
  user_id: string;
}

/** rotations: a secret to rotate after someone lost access to it, or by its chest's policy (issue 31). */
export interface RotationsTable {
  id: string;
  organisation_id: string;
  secret_id: string;
  vault_id: string;
  vault_name: string;
  user_id: Nullable<string>;
  user_name: string;
  user_email: string;
  reason: string;
  lost_at: string;
  revision: number;
  outcome: Nullable<string>;
  closed_at: Nullable<string>;
  closed_by: Nullable<string>;
  dismiss_reason: Nullable<string>;
}

/** audit_log_entries: one row per mutation, written in the mutation's transaction. */
export interface AuditLogEntriesTable {
  id: string;
  organisation_id: string;
  user_id: Nullable<string>;
  user_string: string;
  action: string;
  object_type: Nullable<string>;
  object_id: Nullable<string>;
  created_at: string;
}

/** billing_customers: the organisation as a payment-provider customer. */
export interface BillingCustomersTable {
  organisation_id: string;
  provider_customer_id: Nullable<string>;
  trialled: DefaultedBool;
  /** Stripe: the subscription whose first payment was recorded (audited); see recordPaymentOnce. */
  recorded_subscription_id: Nullable<string>;
  created_at: string;
  updated_at: string;
}

/** billing_subscriptions: the organisation's plan as the provider reports it. */
export interface BillingSubscriptionsTable {
  id: string;
  organisation_id: string;
  status: string;
  plan_nickname: string;
  unit_amount: number;
  quantity: number;
  billing_cycle_anchor: string;
  trial_end: Nullable<string>;
  cancel_at: Nullable<string>;
  provider_subscription_id: Nullable<string>;
  /** Local ledger: the attached payment method it charges (billing_payment_methods.id). */
  payment_method_id: Nullable<string>;
  /** Local ledger: the coupon its invoices are discounted by (billing_coupons.code). */
  coupon_code: Nullable<string>;
  /** When it was cancelled or its trial lapsed; null while it runs. */
  ended_at: Nullable<string>;
  created_at: string;
  updated_at: string;
}

/** billing_payment_methods: the card on file (never its number). */
export interface BillingPaymentMethodsTable {
  id: string;
  organisation_id: string;
  provider_payment_method_id: Nullable<string>;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  billing_name: string;
  line1: string;
  line2: Nullable<string>;
  city: string;
  country: string;
  postal_code: Nullable<string>;
  created_at: string;
  /** When it became the customer's card; null for a test card made but not attached yet. */
  attached_at: Nullable<string>;
}

/** billing_invoices: invoices as the provider reports them; amounts in pence. */
export interface BillingInvoicesTable {
  id: string;
  organisation_id: string;
  status: string;
  total: number;
  currency: string;
  paid_at: Nullable<string>;
  invoice_pdf: Nullable<string>;
  created_at: string;
  /** Local ledger: the subscription and billing period (0 = the first) it charges. */
  subscription_id: Nullable<string>;
  period_index: Nullable<number>;
  period_start: Nullable<string>;
  period_end: Nullable<string>;
  /** Its line: quantity × unit_amount = subtotal, less discount (pence) = total. */
  quantity: DefaultedInt;
  unit_amount: DefaultedInt;
  subtotal: DefaultedInt;
  discount: DefaultedInt;
  coupon_code: Nullable<string>;
}

/** billing_coupons: codes (coupons and promotion codes alike) any organisation may redeem. */
export interface BillingCouponsTable {
  code: string;
  name: string;
  percent_off: Nullable<number>;
  /** Pence off each invoice. */
  amount_off: Nullable<number>;
  valid: DefaultedBool;
  created_at: string;
}

/** data_records: one statistic per organisation per day, for the data dashboard. */
export interface DataRecordsTable {
  id: string;
  organisation_id: string;
  metric: string;
  value: number;
  /** YYYY-MM-DD */
  recorded_on: string;
  created_at: string;
}

/** Every table Kysely knows about. */
/** attachments: a file beside a secret, sealed in the browser; its bytes are in attachment_chunks. */
export interface AttachmentsTable {
  id: string;
  organisation_id: string;
  secret_id: string;
  /** The uploader's user id. */
  created_by: string;
  /** Plaintext bytes announced at the start. */
  size: number;
  chunk_count: number;
  /** Chunks received so far (the next index expected). */
  uploaded_chunks: DefaultedInt;
  complete: DefaultedBool;
  created_at: string;
}

/** attachment_chunks: one sealed chunk (iv || ciphertext || tag) of an attachment. */
export interface AttachmentChunksTable {
  attachment_id: string;
  chunk_index: number;
  organisation_id: string;
  data: Uint8Array;
}

/** import_batches: one run of the import wizard; its secrets carry its id (secrets.import_batch_id). */
export interface ImportBatchesTable {
  id: string;
  organisation_id: string;
  /** The user who ran the import. */
  created_by: string;
  /** The import format's id (the web app's detect-format). */
  format: string;
  /** Items the browser announced. */
  item_count: number;
  created_at: string;
  /** When the batch was undone; null while its secrets stand. */
  undone_at: Nullable<string>;
}

/** health_dismissals: a user's dismissed password-health findings, sealed in the browser for that user. */
export interface HealthDismissalsTable {
  user_id: string;
  organisation_id: string;
  /** The browser's sealed blob (base64 JSON); opaque to the server. */
  sealed: string;
  updated_at: string;
}

/** trust_log: an organisation's signed, hash-chained entries of who may read (issue 30, docs/crypto.md). */
export interface TrustLogTable {
  organisation_id: string;
  seq: number;
  /** The entry's canonical JSON (core's canonicalJson): the signed bytes after the domain line. */
  entry: string;
  /** Base64 RSA-PSS signature by the entry's actor. */
  sig: string;
  /** Base64 SHA-256 of the signed entry (core's trustEntryHash): the next entry's prev. */
  hash: string;
  created_at: string;
}

/** trust_checkpoints: each user's trust-log checkpoint, signed in the browser by that user (issue 30). */
export interface TrustCheckpointsTable {
  user_id: string;
  organisation_id: string;
  /** The checkpoint's place in the log, in the clear so that it only moves forward. */
  seq: number;
  /** The browser's signed checkpoint (base64); opaque to the server. */
  signed: string;
  updated_at: string;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  otp_recovery_codes: OtpRecoveryCodesTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  email_changes: EmailChangesTable;
  teams: TeamsTable;
  memberships: MembershipsTable;
  vaults: VaultsTable;
  assignments: AssignmentsTable;
  vault_managers: VaultManagersTable;
  secrets: SecretsTable;
  secret_keys: SecretKeysTable;
  missing_keys: MissingKeysTable;
  secret_key_removals: SecretKeyRemovalsTable;
  key_purges: KeyPurgesTable;
  audit_log_entries: AuditLogEntriesTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_payment_methods: BillingPaymentMethodsTable;
  billing_invoices: BillingInvoicesTable;
  billing_coupons: BillingCouponsTable;
  data_records: DataRecordsTable;
  attachments: AttachmentsTable;
  attachment_chunks: AttachmentChunksTable;
  import_batches: ImportBatchesTable;
  health_dismissals: HealthDismissalsTable;
  rotations: RotationsTable;
  trust_log: TrustLogTable;
  trust_checkpoints: TrustCheckpointsTable;
}

/** Rows as read, written and updated; repositories map them to domain records. */
export type OrganisationRow = Selectable<OrganisationsTable>;
export type NewOrganisationRow = Insertable<OrganisationsTable>;
export type OrganisationUpdate = Updateable<OrganisationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
export type NewAuditLogEntryRow = Insertable<AuditLogEntriesTable>;
