import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  containerPath,
  emptySourceFile,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import type { FileSample, ImportFormat } from './import-format.js';

// Bitwarden's export (clients' vault export models): item type 1 login, 2 secure note, 3 card,
// 4 identity, 5 SSH key; field type 0 text, 1 hidden, 2 boolean, 3 linked.
const KINDS: Record<number, SourceItem['kind']> = {
  1: 'login',
  2: 'note',
  3: 'card',
  4: 'identity',
  5: 'other',
};

type Labels = [key: string, label: string, hidden: boolean][];

// The labels Bitwarden's own screens give these values; the concealed ones stay hidden.
const CARD_FIELDS: Labels = [
  ['cardholderName', 'Cardholder name', false],
  ['brand', 'Brand', false],
  ['number', 'Number', true],
  ['expMonth', 'Expiration month', false],
  ['expYear', 'Expiration year', false],
  ['code', 'Security code', true],
];
const IDENTITY_FIELDS: Labels = [
  ['title', 'Title', false],
  ['firstName', 'First name', false],
  ['middleName', 'Middle name', false],
  ['lastName', 'Last name', false],
  ['username', 'Username', false],
  ['company', 'Company', false],
  ['email', 'Email', false],
  ['phone', 'Phone', false],
  ['address1', 'Address 1', false],
  ['address2', 'Address 2', false],
  ['address3', 'Address 3', false],
  ['city', 'City / Town', false],
  ['state', 'State / Province', false],
  ['postalCode', 'Zip / Postal code', false],
  ['country', 'Country', false],
  ['ssn', 'Social Security number', true],
  ['passportNumber', 'Passport number', true],
  ['licenseNumber', 'License number', true],
];
const SSH_FIELDS: Labels = [
  ['privateKey', 'Private key', true],
  ['publicKey', 'Public key', false],
  ['keyFingerprint', 'Fingerprint', false],
];

/** Bitwarden's JSON export (personal with folders, or an organisation's with collections). */
export const bitwardenJson: ImportFormat = {
  id: 'bitwarden-json',
  name: 'Bitwarden (json)',
  detect: ({ json }) => isBitwardenExport(json) && record(json)?.encrypted !== true,
  parse(sample: FileSample): SourceFile {
    const data = record(sample.json);
    if (!data || !isBitwardenExport(data))
      throw new ImportError('damaged', 'This is not a Bitwarden export.');
    return bitwardenSourceFile(data, bitwardenJson.id);
  },
};

/** Whether the JSON is a Bitwarden export's content: items with folders or collections. */
export function isBitwardenExport(json: unknown): boolean {
  const value = record(json);
  return (
    value !== undefined &&
    Array.isArray(value.items) &&
    (Array.isArray(value.folders) || Array.isArray(value.collections))
  );
}

/** Folder or collection names by id, from the export's `folders` or `collections` list. */
export function namesById(entries: unknown): Map<string, string> {
  return new Map(list(entries).map((entry) => [text(record(entry)?.id), text(record(entry)?.name)]));
}

/** The items of a Bitwarden export's content (also what a password-protected export decrypts to). */
export function bitwardenSourceFile(data: Record<string, unknown>, format: string): SourceFile {
  const names = { folders: namesById(data.folders), collections: namesById(data.collections) };
  const file = emptySourceFile(format);
  list(data.items).forEach((entry, index) => {
    const item = readBitwardenItem(entry, index, names, file);
    if (item) file.items.push(item);
  });
  return file;
}

/** The folders' and collections' names by id, which place the items. */
export interface BitwardenNames {
  folders: Map<string, string>;
  collections: Map<string, string>;
}

/**
 * One entry of `items` as a SourceItem; an unknown type is a problem and a deleted one is counted
 * as trash (on `file`), and neither is an item. The streaming reader calls it as each item arrives.
 */
export function readBitwardenItem(
  entry: unknown,
  index: number,
  names: BitwardenNames,
  file: SourceFile,
): SourceItem | null {
  const item = record(entry);
  const id = text(item?.id);
  const ref = id ? `item ${id}` : `item ${index + 1}`;
  const kind = KINDS[Number(item?.type)];
  if (!item || !kind) {
    file.problems.push({ ref, message: 'Unknown item type.' });
    return null;
  }
  if (text(item.deletedDate)) {
    file.skipped.trashed += 1;
    return null;
  }
  return toSourceItem(item, kind, ref, names.folders, names.collections);
}

function toSourceItem(
  item: Record<string, unknown>,
  kind: SourceItem['kind'],
  ref: string,
  folders: Map<string, string>,
  collections: Map<string, string>,
): SourceItem {
  const login = record(item.login);
  const inCollections = list(item.collectionIds).flatMap((id) => {
    const name = collections.get(text(id));
    return name ? [name] : [];
  });
  // An item in several collections goes into the first; the others are kept as a field, not lost.
  const [primary, ...others] = inCollections;
  const fields: SourceField[] = [
    ...valuesOf(item.card, CARD_FIELDS),
    ...valuesOf(item.identity, IDENTITY_FIELDS),
    ...valuesOf(item.sshKey, SSH_FIELDS),
    ...list(item.fields).map((entry) => {
      const field = record(entry);
      return { name: text(field?.name), value: text(field?.value), hidden: field?.type === 1 };
    }),
    ...(others.length > 0 ? [{ name: 'Also in collections', value: others.join(', '), hidden: false }] : []),
  ];
  const id = text(item.id);
  const created = text(item.creationDate);
  const revised = text(item.revisionDate);
  return sourceItem(ref, {
    ...(id ? { sourceId: id } : {}),
    kind,
    title: text(item.name),
    username: text(login?.username),
    password: text(login?.password),
    urls: list(login?.uris).flatMap((uri) => {
      const value = text(record(uri)?.uri);
      return value ? [value] : [];
    }),
    notes: text(item.notes),
    totp: text(login?.totp),
    fields,
    passwordHistory: list(item.passwordHistory).flatMap((entry) => {
      const past = record(entry);
      const password = text(past?.password);
      const changedAt = text(past?.lastUsedDate);
      return password ? [{ password, ...(changedAt ? { changedAt } : {}) }] : [];
    }),
    container: containerPath(primary ?? folders.get(text(item.folderId))),
    favourite: item.favorite === true,
    ...(created ? { createdAt: created } : {}),
    ...(revised ? { updatedAt: revised } : {}),
  });
}

function valuesOf(values: unknown, labels: Labels): SourceField[] {
  const found = record(values);
  if (!found) return [];
  return labels.flatMap(([key, name, hidden]) => {
    const value = text(found[key]);
    return value ? [{ name, value, hidden }] : [];
  });
}
