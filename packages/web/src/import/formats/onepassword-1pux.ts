import { unzipSync } from 'fflate';
import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  emptySourceFile,
  type SourceAttachment,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import type { FileSample, ImportFormat } from './import-format.js';
import { epochTime, fieldValue } from './onepassword-values.js';

// 1Password's 1PUX: a zip holding export.data (accounts → vaults → items) and files/<documentId>__<name>
// for documents. Category ids are 1Password's: 001 login, 002 credit card, 003 secure note, 004 identity,
// 005 password; every other category (document, bank account, Wi-Fi, …) keeps its values as fields.
const KINDS: Record<string, SourceItem['kind']> = {
  '001': 'login',
  '002': 'card',
  '003': 'note',
  '004': 'identity',
  '005': 'login',
};

// Field values are an object with one key naming their type; these are secret by nature.
const CONCEALED_TYPES = new Set(['concealed', 'creditCardNumber', 'totp', 'sshKey']);

/** 1Password's 1PUX export (zip), or its export.data alone. */
export const onePasswordPux: ImportFormat = {
  id: '1password-1pux',
  name: '1Password (1pux)',
  detect: (sample) => (sample.zip ? hasExportData(sample) : isExportData(sample.json)),
  parse(sample: FileSample): SourceFile {
    const data = sample.zip ? readExportData(unzipped(sample.bytes, 'export.data')) : sample.json;
    if (!isExportData(data)) throw new ImportError('damaged', 'This is not a 1Password export.');
    return parseAccounts(record(data) ?? {}, sample.zip ? documentsIn(sample.bytes) : () => undefined);
  },
};

/** A document's file by its name in the zip, or none. */
type DocumentFiles = (name: string) => Uint8Array | undefined;

// One entry inflated, the others left as they are: export.data first, then each document's file only
// when its item is read, so the documents are never all inflated at once beside the archive.
function unzipped(bytes: Uint8Array, name: string): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: (file) => file.name === name });
  } catch {
    throw new ImportError('damaged', 'The file is a damaged zip archive.');
  }
}

function hasExportData(sample: FileSample): boolean {
  try {
    return 'export.data' in unzipSync(sample.bytes, { filter: (file) => file.name === 'export.data' });
  } catch {
    return false;
  }
}

function documentsIn(bytes: Uint8Array): DocumentFiles {
  return (name) => {
    try {
      return unzipSync(bytes, { filter: (file) => file.name === name })[name];
    } catch {
      // A document that cannot be inflated is named as missing, as one left out of the export.
      return undefined;
    }
  };
}

function readExportData(files: Record<string, Uint8Array>): unknown {
  const data = files['export.data'];
  if (!data) throw new ImportError('damaged', 'The 1Password export has no export.data.');
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    throw new ImportError('damaged', "The 1Password export's data cannot be read.");
  }
}

function isExportData(json: unknown): boolean {
  return list(record(json)?.accounts).some((account) => Array.isArray(record(account)?.vaults));
}

function parseAccounts(data: Record<string, unknown>, files: DocumentFiles): SourceFile {
  const file = emptySourceFile(onePasswordPux.id);
  const accounts = list(data.accounts);
  for (const account of accounts) {
    const accountName = text(record(record(account)?.attrs)?.name);
    for (const vault of list(record(account)?.vaults)) {
      const vaultName = text(record(record(vault)?.attrs)?.name);
      // With several accounts, the account names the top of the path so their vaults stay apart.
      const container = [...(accounts.length > 1 && accountName ? [accountName] : []), vaultName].filter(
        Boolean,
      );
      list(record(vault)?.items).forEach((entry, index) => {
        const item = record(entry);
        const uuid = text(item?.uuid);
        const ref = uuid ? `item ${uuid}` : `item ${index + 1} of ${vaultName || 'a vault'}`;
        if (!item) {
          file.problems.push({ ref, message: 'The item cannot be read.' });
          return;
        }
        const state = text(item.state);
        if (state === 'deleted' || state === 'trashed') {
          file.skipped.trashed += 1;
          return;
        }
        const parsed = toSourceItem(item, ref, container, files);
        if (record(record(item.details)?.documentAttributes) && parsed.attachments.length === 0)
          file.problems.push({ ref, message: "The document's file is not in the export." });
        file.items.push(parsed);
      });
    }
  }
  return file;
}

function toSourceItem(
  item: Record<string, unknown>,
  ref: string,
  container: string[],
  files: DocumentFiles,
): SourceItem {
  const details = record(item.details) ?? {};
  const overview = record(item.overview) ?? {};
  const fields: SourceField[] = [];
  let username = '';
  let password = text(details.password);
  for (const entry of list(details.loginFields)) {
    const field = record(entry);
    const designation = text(field?.designation);
    const value = text(field?.value);
    if (designation === 'username' && !username) username = value;
    else if (designation === 'password' && !password) password = value;
    else if (value) fields.push({ name: text(field?.name), value, hidden: text(field?.fieldType) === 'P' });
  }
  let totp = '';
  for (const section of list(details.sections)) {
    const title = text(record(section)?.title);
    for (const entry of list(record(section)?.fields)) {
      const field = record(entry);
      const [type, raw] = Object.entries(record(field?.value) ?? {})[0] ?? ['', ''];
      const value = fieldValue(type, raw);
      if (!value) continue;
      if (type === 'totp' && !totp) {
        totp = value;
        continue;
      }
      const name = text(field?.title) || text(field?.id);
      fields.push({ name: title ? `${title}: ${name}` : name, value, hidden: CONCEALED_TYPES.has(type) });
    }
  }
  const urls = list(overview.urls).flatMap((entry) => {
    const url = text(record(entry)?.url);
    return url ? [url] : [];
  });
  const mainUrl = text(overview.url);
  if (mainUrl && !urls.includes(mainUrl)) urls.unshift(mainUrl);
  const tags = list(overview.tags).map(text).filter(Boolean);
  if (text(item.state) === 'archived') tags.push('Archived');
  const uuid = text(item.uuid);
  return sourceItem(ref, {
    ...(uuid ? { sourceId: uuid } : {}),
    kind: KINDS[text(item.categoryUuid)] ?? 'other',
    title: text(overview.title),
    username,
    password,
    urls,
    notes: text(details.notesPlain),
    totp,
    fields,
    passwordHistory: list(details.passwordHistory).flatMap((entry) => {
      const past = record(entry);
      const value = text(past?.value);
      return value ? [{ password: value, ...epochTime(past?.time, 'changedAt') }] : [];
    }),
    container,
    favourite: Number(item.favIndex) > 0,
    tags,
    attachments: documentOf(details, files),
    ...epochTime(item.createdAt, 'createdAt'),
    ...epochTime(item.updatedAt, 'updatedAt'),
  });
}

function documentOf(details: Record<string, unknown>, files: DocumentFiles): SourceAttachment[] {
  const document = record(details.documentAttributes);
  if (!document) return [];
  const name = text(document.fileName);
  const data = files(`files/${text(document.documentId)}__${name}`);
  return data ? [{ name, data }] : [];
}
