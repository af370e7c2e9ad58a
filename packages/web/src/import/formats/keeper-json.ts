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
import { KEEPER_CONCEALED, keeperPath } from './keeper-values.js';

// Keeper's JSON export: records (title, login, password, login_url, notes, custom_fields, folders) and
// the shared folders' permissions, which are not secrets. A record's one-time code is the TFC:Keeper
// custom field (older exports) or $oneTimeCode (newer ones).
const KINDS: Record<string, SourceItem['kind']> = {
  login: 'login',
  encryptedNotes: 'note',
  bankCard: 'card',
  bankAccount: 'card',
  address: 'identity',
  contact: 'identity',
  driverLicense: 'identity',
  passport: 'identity',
  ssnCard: 'identity',
  birthCertificate: 'identity',
};

function isKeeperExport(json: unknown): boolean {
  const value = record(json);
  if (!value || !Array.isArray(value.records)) return false;
  return (
    Array.isArray(value.shared_folders) ||
    value.records.some((entry) => {
      const found = record(entry);
      return found !== undefined && ('login_url' in found || 'custom_fields' in found);
    })
  );
}

/** Keeper's JSON export. */
export const keeperJson: ImportFormat = {
  id: 'keeper-json',
  name: 'Keeper (json)',
  detect: ({ json }) => isKeeperExport(json),
  parse(sample: FileSample): SourceFile {
    if (!isKeeperExport(sample.json)) throw new ImportError('damaged', 'This is not a Keeper export.');
    const file = emptySourceFile(keeperJson.id);
    list(record(sample.json)?.records).forEach((entry, index) => {
      const values = record(entry);
      const uid = text(values?.uid);
      const ref = uid ? `record ${uid}` : `record ${index + 1}`;
      if (!values) file.problems.push({ ref, message: 'This record cannot be read.' });
      else {
        const item = toSourceItem(values, ref);
        if (item) file.items.push(item);
        else file.skipped.notASecret += 1;
      }
    });
    return file;
  },
};

function toSourceItem(values: Record<string, unknown>, ref: string): SourceItem | undefined {
  let totp = '';
  const fields: SourceField[] = [];
  for (const [name, raw] of Object.entries(record(values.custom_fields) ?? {})) {
    const value = text(raw);
    if ((name === 'TFC:Keeper' || name.startsWith('$oneTimeCode')) && !totp) totp = value.trim();
    else if (value.trim() !== '') fields.push({ name, value, hidden: KEEPER_CONCEALED.test(name) });
  }
  // A record in several folders goes into the first; the others are kept as a field, not lost.
  const [first = [], ...others] = list(values.folders).map((entry) => {
    const folder = record(entry);
    return keeperPath(text(folder?.folder) || text(folder?.shared_folder));
  });
  const elsewhere = others.filter((path) => path.length > 0).map((path) => path.join('/'));
  if (elsewhere.length > 0)
    fields.push({ name: 'Also in folders', value: elsewhere.join(', '), hidden: false });
  const url = text(values.login_url).trim();
  const username = text(values.login);
  const password = text(values.password);
  const notes = text(values.notes);
  const title = text(values.title);
  if (
    ![title, url, username, password, notes, totp].some((value) => value.trim() !== '') &&
    fields.length === 0
  )
    return undefined;
  const uid = text(values.uid);
  const type = text(values.$type);
  return sourceItem(ref, {
    ...(uid ? { sourceId: uid } : {}),
    kind: type ? (KINDS[type] ?? 'other') : 'login',
    title: title || fallbackTitle(url ? [url] : [], username),
    username,
    password,
    urls: url ? [url] : [],
    notes,
    totp,
    fields,
    container: first,
  });
}
