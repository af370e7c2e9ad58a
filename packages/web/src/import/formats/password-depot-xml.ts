import { ImportError } from '../import-error.js';
import { list, record } from '../json-values.js';
import { readXml, startsWithElement, type XmlNode, xmlText } from '../read-xml.js';
import {
  emptySourceFile,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import { itemTimes } from '../times.js';
import { looksConcealed } from './concealed-names.js';
import { commaList } from './csv-fields.js';
import type { FileSample, ImportFormat } from './import-format.js';

// Password Depot's item types: 0 password, 1 credit card, 3 identity, 4 information (a note); the
// others (software licence, banking, documents, remote desktop, …) keep their values as fields.
const KINDS: Record<string, SourceItem['kind']> = { '0': 'login', '1': 'card', '3': 'identity', '4': 'note' };
// A custom field of type 1 is a password.
const PASSWORD_FIELD = '1';
// Password Depot's default auto-type sequence, which says nothing of the item.
const DEFAULT_TEMPLATE = '<USER><TAB><PASS><ENTER>';

const NAMES: Record<string, string> = {
  expirydate: 'Expires',
  category: 'Category',
  template: 'Auto-type',
  wndtitle: 'Window title',
  paramstr: 'Parameters',
  custombrowser: 'Browser',
  secret: 'Secret',
  warnmsg: 'Warning',
};
const HIDDEN = new Set(['secret']);

/** "dd.mm.yyyy hh:mm:ss" (or a date alone), read as UTC; Password Depot's empty date is 30.12.1899. */
function depotTime(value: unknown): string | undefined {
  const match = /^(\d\d)\.(\d\d)\.(\d{4})(?: (\d\d):(\d\d):(\d\d))?$/.exec(xmlText(value).trim());
  if (!match || match[3] === '1899') return undefined;
  const [, day, month, year, hour = '00', minute = '00', second = '00'] = match;
  const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function customFields(item: XmlNode): SourceField[] {
  return list(record(item.customfields)?.field).flatMap((value) => {
    const field = record(value);
    const text = xmlText(field?.value);
    if (!field || text === '') return [];
    const name = xmlText(field.name).replace(/^IDS_/, '');
    return [{ name, value: text, hidden: xmlText(field.type) === PASSWORD_FIELD || looksConcealed(name) }];
  });
}

function depotItem(item: XmlNode, ref: string, container: string[], favourites: Set<string>): SourceItem {
  const fields: SourceField[] = [];
  for (const [element, name] of Object.entries(NAMES)) {
    const value = element === 'expirydate' ? (depotTime(item[element]) ?? '') : xmlText(item[element]);
    if (value.trim() === '' || (element === 'template' && value === DEFAULT_TEMPLATE)) continue;
    fields.push({ name, value, hidden: HIDDEN.has(element) });
  }
  fields.push(...customFields(item));
  const url = xmlText(item.url).trim();
  const fingerprint = xmlText(item.fingerprint);
  return sourceItem(ref, {
    ...(fingerprint ? { sourceId: fingerprint } : {}),
    kind: KINDS[xmlText(item.type).trim()] ?? 'other',
    title: xmlText(item.description),
    username: xmlText(item.username),
    password: xmlText(item.password),
    urls: url ? [url] : [],
    notes: xmlText(item.comment),
    fields,
    container,
    favourite: favourites.has(fingerprint),
    tags: commaList(xmlText(item.tags)),
    ...itemTimes(depotTime(item.created), depotTime(item.lastmodified)),
  });
}

/** The favourites: base64 of the favourite items' fingerprints, one a line. */
function favouritesOf(root: XmlNode): Set<string> {
  try {
    return new Set(
      atob(xmlText(root.favorites).replace(/\s/g, ''))
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    );
  } catch {
    return new Set();
  }
}

/**
 * Password Depot's unencrypted XML export: nested groups below the database's own, typed items with
 * custom fields; the recycle bin is trash.
 */
export const passwordDepotXml: ImportFormat = {
  id: 'password-depot-xml',
  name: 'Password Depot (xml)',
  detect: ({ text }) => startsWithElement(text, 'passwordfile'),
  parse(sample: FileSample): SourceFile {
    const root = record(readXml(sample.text, ['group', 'item', 'field']).passwordfile);
    if (!root) throw new ImportError('damaged', 'This is not a Password Depot export.');
    if (xmlText(record(root.header)?.encrypted).trim().toLowerCase() === 'true')
      throw new ImportError(
        'damaged',
        'This Password Depot export is encrypted: export it again from Password Depot without encryption.',
      );
    const favourites = favouritesOf(root);
    const file = emptySourceFile('password-depot-xml');
    let number = 0;
    const walk = (group: XmlNode, path: string[], depth: number, trashed: boolean) => {
      for (const value of list(group.item)) {
        number += 1;
        const item = record(value);
        const ref = xmlText(item?.fingerprint) || `item ${number}`;
        if (!item) file.problems.push({ ref, message: 'The item cannot be read.' });
        else if (trashed) file.skipped.trashed += 1;
        else file.items.push(depotItem(item, ref, path, favourites));
      }
      // A damaged file nesting groups without end must not run out of stack.
      if (depth > 100) return;
      for (const value of list(group.group)) {
        const child = record(value);
        const name = xmlText(child?.['@_name']).trim();
        if (child) walk(child, name ? [...path, name] : path, depth + 1, trashed);
      }
    };
    // The top-level group is the database itself, no folder.
    for (const value of list(record(root.passwords)?.group)) {
      const database = record(value);
      if (database) walk(database, [], 0, false);
    }
    const bin = record(root.recyclebin);
    if (bin) walk(bin, [], 0, true);
    return file;
  },
};
