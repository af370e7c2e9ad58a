// An opened payload is whatever a reader of the chest sealed: any member's browser, an older Coffer, an
// import. Its extras are read defensively into their known shapes, so the viewer and the form never
// meet a value of the wrong type; an entry that does not fit is left out rather than shown broken.
import { base64ToBytes } from '../crypto/encoding.js';
import { SYMMETRIC_KEY_BYTES } from '../crypto/suite-constants.js';
import type {
  AttachmentRef,
  CustomField,
  CustomFieldKind,
  ImportSource,
  PasswordPayload,
  PastValue,
  PayloadExtras,
  SecretUrl,
  UrlMatchRule,
} from '../model/index.js';

const FIELD_KINDS: readonly CustomFieldKind[] = ['text', 'hidden', 'boolean'];
const URL_MATCH_RULES: readonly UrlMatchRule[] = ['host', 'exact', 'starts-with'];

type Loose = Record<string, unknown>;

function isLoose(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string, or a number or boolean written as one (other managers' exports carry both). */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function listOf<T>(value: unknown, read: (item: Loose) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.flatMap((item) => {
    const read_ = isLoose(item) ? read(item) : undefined;
    return read_ === undefined ? [] : [read_];
  });
  return items.length > 0 ? items : undefined;
}

/** A rule Coffer knows, else absent (which means 'host'). */
export function readUrlMatchRule(value: unknown): UrlMatchRule | undefined {
  return URL_MATCH_RULES.find((rule) => rule === value);
}

function readField(item: Loose): CustomField | undefined {
  const name = text(item.name);
  const value = text(item.value);
  if (name === undefined || value === undefined) return undefined;
  const kind = FIELD_KINDS.find((known) => known === item.kind) ?? 'text';
  return { name, kind, value };
}

function readPastValue(item: Loose): PastValue | undefined {
  const field = text(item.field);
  const value = text(item.value);
  const changedAt = text(item.changedAt);
  if (field === undefined || value === undefined || changedAt === undefined) return undefined;
  return { field, value, changedAt };
}

// A ref that could not open its file (no id, a size that is not whole bytes, a key that is not 32
// bytes of base64) is left out rather than offered for download.
function readAttachment(item: Loose): AttachmentRef | undefined {
  const { id, name, size, mediaType, key } = item;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string' || typeof mediaType !== 'string')
    return undefined;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return undefined;
  if (typeof key !== 'string' || !isFileKey(key)) return undefined;
  return { id, name, size, mediaType, key };
}

function isFileKey(key: string): boolean {
  try {
    return base64ToBytes(key).length === SYMMETRIC_KEY_BYTES;
  } catch {
    return false;
  }
}

function readImportSource(item: Loose): ImportSource | undefined {
  const { format, sourceId, fingerprint } = item;
  if (typeof format !== 'string' || typeof fingerprint !== 'string') return undefined;
  return typeof sourceId === 'string' ? { format, sourceId, fingerprint } : { format, fingerprint };
}

function readUrl(item: Loose): SecretUrl | undefined {
  const url = text(item.url);
  if (url === undefined) return undefined;
  const match = readUrlMatchRule(item.match);
  return match ? { url, match } : { url };
}

/** The extras every category may carry, each absent when the payload has none that fit. */
export function readPayloadExtras(opened: Loose): PayloadExtras {
  const extras: PayloadExtras = {};
  const fields = listOf(opened.fields, readField);
  const history = listOf(opened.history, readPastValue);
  const attachments = listOf(opened.attachments, readAttachment);
  if (fields) extras.fields = fields;
  if (history) extras.history = history;
  if (attachments) extras.attachments = attachments;
  const importedFrom = isLoose(opened.importedFrom) ? readImportSource(opened.importedFrom) : undefined;
  if (importedFrom) extras.importedFrom = importedFrom;
  return extras;
}

/** The password category's own optional parts: the main URL's rule, further URLs, the authenticator key. */
export function readPasswordExtras(opened: Loose): Pick<PasswordPayload, 'urlMatch' | 'moreUrls' | 'totp'> {
  const extras: Pick<PasswordPayload, 'urlMatch' | 'moreUrls' | 'totp'> = {};
  const urlMatch = readUrlMatchRule(opened.urlMatch);
  const moreUrls = listOf(opened.moreUrls, readUrl);
  const totp = text(opened.totp);
  if (urlMatch) extras.urlMatch = urlMatch;
  if (moreUrls) extras.moreUrls = moreUrls;
  if (totp) extras.totp = totp;
  return extras;
}
