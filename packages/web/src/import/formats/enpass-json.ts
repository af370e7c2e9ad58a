import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  emptySourceFile,
  type PastPassword,
  type SourceAttachment,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import { epochIso, itemTimes } from '../times.js';
import type { FileSample, ImportFormat } from './import-format.js';

const KINDS: Record<string, SourceItem['kind']> = {
  login: 'login',
  password: 'login',
  note: 'note',
  creditcard: 'card',
  finance: 'card',
  identity: 'identity',
};

// Enpass marks a password or a CVC "sensitive", but not a card number: those types are hidden too.
const CONCEALED_TYPES = new Set(['password', 'ccNumber', 'ccCvc', 'ccPin', 'ccTxnpassword', 'pin', 'totp']);

/** An Enpass export: `folders` with `parent_uuid`, and `items` written from a template. */
function isEnpassExport(json: unknown): json is Record<string, unknown> {
  const data = record(json);
  if (!data || !Array.isArray(data.items) || !Array.isArray(data.folders)) return false;
  const first = record(data.items[0]);
  if (first) return typeof first.template_type === 'string' || typeof first.category === 'string';
  return data.folders.some((folder) => record(folder)?.parent_uuid !== undefined);
}

/** Each folder's path, by its uuid, walking up the parents (a loop in a damaged file stops the walk). */
function folderPaths(folders: unknown[]): Map<string, string[]> {
  const byId = new Map<string, { title: string; parent: string }>();
  for (const entry of folders) {
    const folder = record(entry);
    const uuid = text(folder?.uuid);
    if (uuid) byId.set(uuid, { title: text(folder?.title), parent: text(folder?.parent_uuid) });
  }
  const paths = new Map<string, string[]>();
  for (const uuid of byId.keys()) {
    const path: string[] = [];
    const seen = new Set<string>();
    for (let at = byId.get(uuid), id = uuid; at && !seen.has(id); id = at.parent, at = byId.get(id)) {
      seen.add(id);
      if (at.title.trim()) path.unshift(at.title.trim());
    }
    paths.set(uuid, path);
  }
  return paths;
}

function historyOf(field: Record<string, unknown>): PastPassword[] {
  return list(field.history)
    .map((entry) => {
      const past = record(entry);
      const changedAt = epochIso(past?.updated_at, 'seconds');
      return { password: text(past?.value), ...(changedAt ? { changedAt } : {}) };
    })
    .filter((past) => past.password !== '')
    .reverse();
}

function attachmentsOf(item: Record<string, unknown>): SourceAttachment[] {
  return list(item.attachments).flatMap((entry) => {
    const attachment = record(entry);
    const data = text(attachment?.data);
    if (!attachment || !data) return [];
    try {
      const binary = atob(data);
      return [{ name: text(attachment.name), data: Uint8Array.from(binary, (char) => char.charCodeAt(0)) }];
    } catch {
      return [];
    }
  });
}

function enpassItem(item: Record<string, unknown>, ref: string, paths: Map<string, string[]>): SourceItem {
  let username = '';
  let email = '';
  let password = '';
  let totp = '';
  let passwordHistory: PastPassword[] = [];
  const urls: string[] = [];
  const fields: SourceField[] = [];
  for (const entry of list(item.fields)) {
    const field = record(entry);
    if (!field || Number(field.deleted) === 1) continue;
    const type = text(field.type);
    const value = text(field.value);
    if (type === 'section' || value === '') continue;
    if (type === 'username' && !username) username = value;
    else if (type === 'email' && !email) email = value;
    else if (type === 'password' && !password) {
      password = value;
      passwordHistory = historyOf(field);
    } else if (type === 'url') urls.push(value);
    else if (type === 'totp' && !totp) totp = value;
    else
      fields.push({
        name: text(field.label) || type,
        value,
        hidden: Number(field.sensitive) === 1 || CONCEALED_TYPES.has(type),
      });
  }
  // A login with only an e-mail signs in with it; otherwise the e-mail is kept as a field of its own.
  if (!username) username = email;
  else if (email) fields.unshift({ name: 'E-mail', value: email, hidden: false });
  const tags = list(item.tags).map(text).filter(Boolean);
  if (Number(item.archived) === 1) tags.push('Archived');
  const uuid = text(item.uuid);
  const folder = list(item.folders)
    .map(text)
    .find((id) => paths.has(id));
  return sourceItem(ref, {
    ...(uuid ? { sourceId: uuid } : {}),
    kind: KINDS[text(item.category)] ?? 'other',
    title: text(item.title),
    username,
    password,
    urls,
    notes: text(item.note),
    totp,
    fields,
    passwordHistory,
    container: folder ? (paths.get(folder) ?? []) : [],
    favourite: Number(item.favorite) === 1,
    tags,
    attachments: attachmentsOf(item),
    ...itemTimes(epochIso(item.createdAt, 'seconds'), epochIso(item.updated_at, 'seconds')),
  });
}

/** Enpass's JSON export: nested folders, logins, notes, cards, identities and other templates; trash skipped. */
export const enpassJson: ImportFormat = {
  id: 'enpass-json',
  name: 'Enpass (json)',
  detect: ({ json }) => isEnpassExport(json),
  parse(sample: FileSample): SourceFile {
    if (!isEnpassExport(sample.json)) throw new ImportError('damaged', 'This is not an Enpass export.');
    const paths = folderPaths(list(sample.json.folders));
    const file = emptySourceFile('enpass-json');
    list(sample.json.items).forEach((entry, index) => {
      const item = record(entry);
      const ref = text(item?.uuid) || `item ${index + 1}`;
      if (!item) file.problems.push({ ref, message: 'The item cannot be read.' });
      else if (Number(item.trashed) === 1) file.skipped.trashed += 1;
      else file.items.push(enpassItem(item, ref, paths));
    });
    return file;
  },
};
