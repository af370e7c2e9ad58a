import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  emptySourceFile,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import { fallbackTitle } from './fallback-title.js';
import type { FileSample, ImportFormat } from './import-format.js';
import { epochTime, fieldValue } from './onepassword-values.js';

// 1Password 4–7's 1PIF: one JSON record per entry (folders too), each followed by this separator line.
const SEPARATOR = '***5642bee8-a5ff-11dc-8314-0800200c9a66***';
// The separator on a line of its own (a note quoting it inside one JSON document does not match).
const SEPARATOR_LINE = /^\*{3}5642bee8-a5ff-11dc-8314-0800200c9a66\*{3}\r?$/m;

const FOLDER = 'system.folder.Regular';
// Not entries of the vault: a saved search, and the marker 1Password leaves where an item was deleted.
const SAVED_SEARCH = 'system.folder.SavedSearch';
const TOMBSTONE = 'system.Tombstone';

function kindOf(typeName: string): SourceItem['kind'] {
  if (typeName === 'webforms.WebForm' || typeName === 'passwords.Password') return 'login';
  if (typeName === 'securenotes.SecureNote') return 'note';
  if (typeName.startsWith('wallet.financial.')) return 'card';
  if (typeName === 'identities.Identity' || typeName.startsWith('wallet.government.')) return 'identity';
  return 'other';
}

// Values 1PIF marks as plain text that are secret by nature (a card's number, a bank account's).
const CONCEALED_NAMES = new Set(['ccnum', 'cvv', 'pin', 'telephonePin', 'accountNo', 'iban', 'number']);
// secureContents keys that are read into their own place, or describe the web form rather than the item.
const READ_KEYS = new Set(['fields', 'URLs', 'URL', 'notesPlain', 'sections', 'passwordHistory', 'password']);

/** 1Password's 1PIF export (1Password 4 to 7). */
export const onePasswordPif: ImportFormat = {
  id: '1password-1pif',
  name: '1Password (1pif)',
  detect: ({ text }) => isPif(text),
  parse(sample: FileSample): SourceFile {
    if (!isPif(sample.text)) throw new ImportError('damaged', 'This is not a 1Password 1PIF export.');
    return parseRecords(sample.text);
  },
};

function isPif(content: string): boolean {
  return (
    content
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('{') && SEPARATOR_LINE.test(content)
  );
}

function parseRecords(content: string): SourceFile {
  const file = emptySourceFile(onePasswordPif.id);
  const records: { ref: string; entry: Record<string, unknown> }[] = [];
  content
    .replace(/^\uFEFF/, '')
    .split(SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .forEach((part, index) => {
      const ref = `record ${index + 1}`;
      try {
        const entry = record(JSON.parse(part));
        if (entry) records.push({ ref: text(entry.uuid) ? `item ${text(entry.uuid)}` : ref, entry });
        else file.problems.push({ ref, message: 'This record cannot be read.' });
      } catch {
        file.problems.push({ ref, message: 'This record cannot be read.' });
      }
    });
  const folders = new Map(
    records
      .filter(({ entry }) => text(entry.typeName) === FOLDER)
      .map(({ entry }) => [text(entry.uuid), entry] as const),
  );
  for (const { ref, entry } of records) {
    const typeName = text(entry.typeName);
    if (typeName === FOLDER || typeName === SAVED_SEARCH) continue;
    if (typeName === TOMBSTONE || entry.trashed === true) file.skipped.trashed += 1;
    else file.items.push(toSourceItem(entry, kindOf(typeName), ref, folderPath(entry, folders)));
  }
  return file;
}

// A folder names its parent by folderUuid; a loop in a damaged file ends where it meets itself.
function folderPath(entry: Record<string, unknown>, folders: Map<string, Record<string, unknown>>): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  let uuid = text(entry.folderUuid);
  while (uuid && !seen.has(uuid)) {
    seen.add(uuid);
    const folder = folders.get(uuid);
    if (!folder) break;
    const title = text(folder.title).trim();
    if (title) path.unshift(title);
    uuid = text(folder.folderUuid);
  }
  return path;
}

/**
 * One 1PIF entry as a SourceItem: its secureContents (fields, sections, notes, history) are what
 * 1Password's OPVault items hold too once decrypted, so onepassword-opvault.ts maps them through here.
 */
export function toSourceItem(
  entry: Record<string, unknown>,
  kind: SourceItem['kind'],
  ref: string,
  container: string[],
): SourceItem {
  const secure = record(entry.secureContents) ?? {};
  const open = record(entry.openContents) ?? {};
  const fields: SourceField[] = [];
  let username = '';
  let password = text(secure.password);
  for (const item of list(secure.fields)) {
    const field = record(item);
    const designation = text(field?.designation);
    const value = text(field?.value);
    if (designation === 'username' && !username) username = value;
    else if (designation === 'password' && !password) password = value;
    else if (value)
      fields.push({ name: text(field?.name) || text(field?.id), value, hidden: text(field?.type) === 'P' });
  }
  const sectionNames: string[] = [];
  let totp = '';
  for (const section of list(secure.sections)) {
    const title = text(record(section)?.title);
    for (const item of list(record(section)?.fields)) {
      const field = record(item);
      const type = text(field?.k);
      const name = text(field?.n);
      sectionNames.push(name);
      const value = fieldValue(type, field?.v);
      if (!value) continue;
      // 1Password 6 and 7 keep a one-time password as a concealed field named TOTP_<id>.
      if (name.startsWith('TOTP_') && !totp) {
        totp = value;
        continue;
      }
      const label = text(field?.t) || name;
      fields.push({
        name: title ? `${title}: ${label}` : label,
        value,
        hidden: type === 'concealed' || CONCEALED_NAMES.has(name) || name.startsWith('TOTP_'),
      });
    }
  }
  fields.push(...looseValues(secure, sectionNames));
  const urls = [
    ...list(secure.URLs).map((item) => text(record(item)?.url)),
    text(secure.URL),
    text(entry.location),
  ].filter((url, index, all) => url !== '' && all.indexOf(url) === index);
  const uuid = text(entry.uuid);
  return sourceItem(ref, {
    ...(uuid ? { sourceId: uuid } : {}),
    kind,
    title: text(entry.title) || fallbackTitle(urls, username),
    username,
    password,
    urls,
    notes: text(secure.notesPlain),
    totp,
    fields,
    passwordHistory: list(secure.passwordHistory).flatMap((item) => {
      const past = record(item);
      const value = text(past?.value);
      return value ? [{ password: value, ...epochTime(past?.time, 'changedAt') }] : [];
    }),
    container,
    favourite: Number(open.faveIndex ?? entry.faveIndex) > 0,
    tags: [...list(open.tags), ...list(entry.tags)].map(text).filter(Boolean),
    ...epochTime(entry.createdAt, 'createdAt'),
    ...epochTime(entry.updatedAt, 'updatedAt'),
  });
}

// Older items (and some types) keep values straight in secureContents; most repeat a section field
// (ccnum, or expiry as expiry_mm and expiry_yy), and those are not taken twice.
function looseValues(secure: Record<string, unknown>, sectionNames: readonly string[]): SourceField[] {
  return Object.entries(secure).flatMap(([key, raw]) => {
    if (READ_KEYS.has(key) || key.startsWith('html')) return [];
    if (sectionNames.some((name) => name === key || key.startsWith(`${name}_`))) return [];
    const value = text(raw);
    return value ? [{ name: key, value, hidden: CONCEALED_NAMES.has(key) }] : [];
  });
}
