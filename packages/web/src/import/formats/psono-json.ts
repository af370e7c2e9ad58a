import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  emptySourceFile,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import { itemTimes } from '../times.js';
import { looksConcealed } from './concealed-names.js';
import type { FileSample, ImportFormat } from './import-format.js';

const KINDS: Record<string, SourceItem['kind']> = {
  website_password: 'login',
  application_password: 'login',
  bookmark: 'login',
  note: 'note',
  credit_card: 'card',
};

// Each Psono item names its values "<type>_<key>"; these keys have a place of their own.
const MAPPED = new Set(['title', 'url', 'username', 'user', 'password', 'notes', 'totp_code', 'code']);
// Item keys that are Psono's own bookkeeping or settings, not the user's values.
const BOOKKEEPING = new Set([
  'type',
  'name',
  'autosubmit',
  'urlfilter',
  'create_date',
  'write_date',
  'id',
  'deleted',
]);
// Card values Psono shows concealed.
const CONCEALED_KEYS = new Set(['number', 'cvc', 'pin']);

function words(key: string): string {
  const spaced = key.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function isoDate(value: unknown): string | undefined {
  const time = Date.parse(text(value));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function psonoItem(item: Record<string, unknown>, ref: string, container: string[]): SourceItem {
  const type = text(item.type);
  const value = (key: string) => text(item[`${type}_${key}`]);
  const fields: SourceField[] = [];
  for (const [key, raw] of Object.entries(item)) {
    if (BOOKKEEPING.has(key) || typeof raw === 'boolean' || text(raw) === '') continue;
    const own = key.startsWith(`${type}_`) ? key.slice(type.length + 1) : undefined;
    if (own !== undefined && MAPPED.has(own)) continue;
    const name = own ?? key;
    fields.push({
      name: words(name),
      value: text(raw),
      hidden: CONCEALED_KEYS.has(name) || looksConcealed(name),
    });
  }
  const url = value('url').trim();
  return sourceItem(ref, {
    ...(text(item.id) ? { sourceId: text(item.id) } : {}),
    kind: KINDS[type] ?? 'other',
    title: text(item.name) || value('title'),
    username: value('username') || value('user'),
    password: value('password'),
    urls: url ? [url] : [],
    notes: value('notes'),
    totp: value('code') || value('totp_code'),
    fields,
    container,
    ...itemTimes(isoDate(item.create_date), isoDate(item.write_date)),
  });
}

function hasPsonoShape(json: unknown, depth = 0): boolean {
  const data = record(json);
  if (!data || depth > 50) return false;
  const typed = list(data.items).some((entry) => {
    const item = record(entry);
    const type = text(item?.type);
    return type !== '' && Object.keys(item ?? {}).some((key) => key.startsWith(`${type}_`));
  });
  return (
    typed ||
    list(data.folders).some((folder) => 'items' in (record(folder) ?? {}) || hasPsonoShape(folder, depth + 1))
  );
}

/** Psono's JSON export: nested folders of typed items (website passwords, notes, cards, TOTP, …). */
export const psonoJson: ImportFormat = {
  id: 'psono-json',
  name: 'Psono (json)',
  detect: ({ json }) => hasPsonoShape(json),
  parse(sample: FileSample): SourceFile {
    if (!hasPsonoShape(sample.json)) throw new ImportError('damaged', 'This is not a Psono export.');
    const file = emptySourceFile('psono-json');
    let number = 0;
    const walk = (folder: Record<string, unknown>, path: string[], depth: number, trashed: boolean) => {
      for (const entry of list(folder.items)) {
        number += 1;
        const item = record(entry);
        const ref = text(item?.id) || `item ${number}`;
        if (!item) file.problems.push({ ref, message: 'The item cannot be read.' });
        else if (trashed || item.deleted === true) file.skipped.trashed += 1;
        else file.items.push(psonoItem(item, ref, path));
      }
      // A damaged file nesting folders without end must not run out of stack.
      if (depth > 100) return;
      for (const child of list(folder.folders)) {
        const sub = record(child);
        const name = text(sub?.name).trim();
        if (sub) walk(sub, name ? [...path, name] : path, depth + 1, trashed || sub.deleted === true);
      }
    };
    walk(record(sample.json) ?? {}, [], 0, false);
    return file;
  },
};
