// The decrypted payload of each secret category: only ever inside `encrypted_data`.
import type { SecretCategory } from './secret-model.js';

/**
 * The optional parts every category may carry (issue 27). They live inside the sealed JSON like the
 * spec's fields, so older secrets (which lack them) open and save unchanged, and the server sees none.
 */
export interface PayloadExtras {
  /** Named fields in the order the viewer shows them. */
  fields?: CustomField[];
  /** Earlier values of the password and of hidden fields, newest first, at most PASSWORD_HISTORY_LIMIT. */
  history?: PastValue[];
  /** Files sealed with their own keys; the server holds their ciphertext (docs/crypto.md). */
  attachments?: AttachmentRef[];
  /** Where an imported secret came from, so importing the same file again finds it (issue 28). */
  importedFrom?: ImportSource;
}

/** The source of an imported secret: sealed with it, so only its readers can match a re-import. */
export interface ImportSource {
  /** The import format's id (import/detect-format.ts: IMPORT_FORMATS). */
  format: string;
  /** The source's own id of the item, where it has one. */
  sourceId?: string;
  /** A hash of the item's values as read (hex SHA-256), to match items without ids and to tell a changed one. */
  fingerprint: string;
}

/** What a custom field holds: visible text, a masked value (reveal, copy) or yes/no. */
export type CustomFieldKind = 'text' | 'hidden' | 'boolean';

/** A named field; a yes/no field's value is 'true' or 'false'. */
export interface CustomField {
  name: string;
  kind: CustomFieldKind;
  value: string;
}

/** A value a secret had before it was changed. */
export interface PastValue {
  /** 'password', or the name of the hidden field that changed. */
  field: string;
  value: string;
  /** ISO 8601: when the value was replaced. */
  changedAt: string;
}

/** How the browser extension matches a page against a URL: same host (default), the exact URL, or a prefix. */
export type UrlMatchRule = 'host' | 'exact' | 'starts-with';

/** A URL beyond the main one, with its own match rule. */
export interface SecretUrl {
  url: string;
  match?: UrlMatchRule;
}

/** A file of the secret: where its ciphertext is (id), what it was, and the key that opens it. */
export interface AttachmentRef {
  /** The server's attachment id; also bound into every chunk's additional data. */
  id: string;
  name: string;
  /** Plaintext size in bytes. */
  size: number;
  /** The file's media type as the browser gave it ('' when unknown). */
  mediaType: string;
  /** The 32-byte AES-GCM file key, base64: only ever inside this sealed payload. */
  key: string;
}

/** Payload of a password secret. */
export interface PasswordPayload extends PayloadExtras {
  username: string;
  password: string;
  /** The main URL (the first one). */
  url: string;
  note: string;
  /** The main URL's match rule; absent means 'host'. */
  urlMatch?: UrlMatchRule;
  /** Further URLs, after the main one. */
  moreUrls?: SecretUrl[];
  /** The authenticator key: an otpauth:// URI, or a bare secret kept verbatim as entered. */
  totp?: string;
}

/** Payload of a telephone secret; country is the dialling code, all digits. */
export interface TelephonePayload extends PayloadExtras {
  country: string;
  number: string;
  extension: string;
  note: string;
}

/** Payload of an address secret; country is a two-letter ISO code. */
export interface AddressPayload extends PayloadExtras {
  addressOne: string;
  addressTwo: string;
  addressThree: string;
  addressFour: string;
  postalCode: string;
  country: string;
  note: string;
}

/** Payload of a note secret. */
export interface NotePayload extends PayloadExtras {
  note: string;
}

/** Maps each category to its payload type. */
export interface SecretPayloadByCategory {
  password: PasswordPayload;
  telephone: TelephonePayload;
  address: AddressPayload;
  note: NotePayload;
}

/** Any decrypted payload. */
export type SecretPayload = SecretPayloadByCategory[SecretCategory];
