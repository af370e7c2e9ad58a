import type { AddressPayload, PasswordPayload, UrlMatchRule } from '@coffer/core';
import { categoryFields } from '../import/formats/coffer-export-format.js';
import type { ExportRecord } from './export-record.js';
import { attachmentRefsOf, sortedForExport } from './export-record.js';

/** The media type of the Bitwarden-compatible export. */
export const BITWARDEN_JSON_TYPE = 'application/json';

// Bitwarden's export models (clients: CipherExport, LoginExport, IdentityExport, FieldExport): item
// type 1 login, 2 secure note, 4 identity; field type 0 text, 1 hidden, 2 boolean; URI match 1 host,
// 2 starts with, 3 exact (null would be Bitwarden's own default, the base domain, which is not Coffer's).
const LOGIN = 1;
const SECURE_NOTE = 2;
const IDENTITY = 4;
const FIELD_TYPES = { text: 0, hidden: 1, boolean: 2 } as const;
const URI_MATCH: Record<UrlMatchRule, number> = { host: 1, 'starts-with': 2, exact: 3 };

/** A field of a Bitwarden item. */
export interface BitwardenField {
  name: string;
  value: string;
  type: 0 | 1 | 2;
  linkedId: null;
}

/** An item of Bitwarden's unencrypted JSON export. */
export interface BitwardenItem {
  id: string;
  organizationId: null;
  folderId: string | null;
  type: typeof LOGIN | typeof SECURE_NOTE | typeof IDENTITY;
  reprompt: 0;
  name: string;
  notes: string | null;
  favorite: false;
  fields: BitwardenField[];
  login?: {
    fido2Credentials: [];
    uris: { match: number; uri: string }[];
    username: string | null;
    password: string | null;
    totp: string | null;
  };
  secureNote?: { type: 0 };
  identity?: Record<(typeof IDENTITY_KEYS)[number], string | null>;
  passwordHistory: { lastUsedDate: string; password: string }[] | null;
  collectionIds: null;
  creationDate: string;
  revisionDate: string;
  deletedDate: null;
}

/** Bitwarden's unencrypted JSON export: folders (the chests) and items. */
export interface BitwardenExport {
  encrypted: false;
  folders: { id: string; name: string }[];
  items: BitwardenItem[];
}

const IDENTITY_KEYS = [
  'title',
  'firstName',
  'middleName',
  'lastName',
  'address1',
  'address2',
  'address3',
  'city',
  'state',
  'postalCode',
  'country',
  'company',
  'email',
  'phone',
  'ssn',
  'username',
  'passportNumber',
  'licenseNumber',
] as const;

const orNull = (value: string | undefined) => (value ? value : null);

/** What Bitwarden's JSON cannot hold of one secret: its files (by count). */
export function filesLeftOutOf(records: readonly ExportRecord[]): number {
  return records.reduce((sum, record) => sum + attachmentRefsOf(record).length, 0);
}

/**
 * Every secret as an item of Bitwarden's unencrypted JSON export, each chest a folder. A password
 * secret is a login (every URL with its match rule, the authenticator key, custom fields, the
 * password history); an address is an identity (a fourth line, which an identity lacks, is a field);
 * a telephone is a secure note whose number's parts are fields; a note a secure note. A hidden field's
 * earlier value goes into the password history as "{field}: {value}", as Bitwarden itself records it.
 * Files are not part of this format (filesLeftOutOf counts them).
 */
export function bitwardenExport(
  chests: readonly { id: string; name: string }[],
  records: readonly ExportRecord[],
  exportedAt: string,
): BitwardenExport {
  const folders = new Map(chests.map((chest) => [chest.id, { id: chest.id, name: chest.name }]));
  for (const record of records) if (!folders.has(record.chest.id)) folders.set(record.chest.id, record.chest);
  return {
    encrypted: false,
    folders: [...folders.values()],
    items: sortedForExport(chests, records).map((record) => bitwardenItem(record, exportedAt)),
  };
}

function bitwardenItem(record: ExportRecord, exportedAt: string): BitwardenItem {
  const { payload } = record;
  const fields: BitwardenField[] = [];
  const item: BitwardenItem = {
    id: record.id,
    organizationId: null,
    folderId: record.chest.id,
    type: SECURE_NOTE,
    reprompt: 0,
    name: record.name,
    notes: orNull(payload.note),
    favorite: false,
    fields,
    passwordHistory: null,
    collectionIds: null,
    creationDate: record.createdAt || exportedAt,
    revisionDate: record.updatedAt || exportedAt,
    deletedDate: null,
  };
  if (record.category === 'password') {
    const login = payload as PasswordPayload;
    item.type = LOGIN;
    item.login = {
      fido2Credentials: [],
      uris: [
        ...(login.url ? [{ match: URI_MATCH[login.urlMatch ?? 'host'], uri: login.url }] : []),
        ...(login.moreUrls ?? []).map((url) => ({ match: URI_MATCH[url.match ?? 'host'], uri: url.url })),
      ],
      username: orNull(login.username),
      password: orNull(login.password),
      totp: orNull(login.totp),
    };
  } else if (record.category === 'address') {
    const address = payload as AddressPayload;
    item.type = IDENTITY;
    const identity = Object.fromEntries(IDENTITY_KEYS.map((key) => [key, null])) as NonNullable<
      BitwardenItem['identity']
    >;
    identity.address1 = orNull(address.addressOne);
    identity.address2 = orNull(address.addressTwo);
    identity.address3 = orNull(address.addressThree);
    identity.postalCode = orNull(address.postalCode);
    identity.country = orNull(address.country);
    item.identity = identity;
    if (address.addressFour) fields.push(textField('Address line 4', address.addressFour));
  } else {
    item.secureNote = { type: 0 };
    for (const [name, value] of categoryFields(record.category, payload)) fields.push(textField(name, value));
  }
  for (const field of payload.fields ?? [])
    fields.push({ name: field.name, value: field.value, type: FIELD_TYPES[field.kind], linkedId: null });
  const history = (payload.history ?? []).map((past) => ({
    lastUsedDate: past.changedAt || exportedAt,
    password: past.field === 'password' ? past.value : `${past.field}: ${past.value}`,
  }));
  if (history.length > 0) item.passwordHistory = history;
  return item;
}

function textField(name: string, value: string): BitwardenField {
  return { name, value, type: FIELD_TYPES.text, linkedId: null };
}

/** The export as the file Bitwarden's importer reads (UTF-8 JSON, indented as Bitwarden writes it). */
export function writeBitwardenJson(
  chests: readonly { id: string; name: string }[],
  records: readonly ExportRecord[],
  exportedAt: string,
): Blob {
  const json = JSON.stringify(bitwardenExport(chests, records, exportedAt), null, 2);
  return new Blob([json], { type: BITWARDEN_JSON_TYPE });
}
