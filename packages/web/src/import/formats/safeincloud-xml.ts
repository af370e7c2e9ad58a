import { ImportError } from '../import-error.js';
import { list, record } from '../json-values.js';
import { readXml, startsWithElement, type XmlNode, xmlText } from '../read-xml.js';
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

// SafeInCloud field types shown concealed.
const CONCEALED = new Set(['password', 'secret', 'pin', 'number', 'one_time_password']);

function labelNames(database: XmlNode): Map<string, string> {
  return new Map(
    list(database.label).map((value) => {
      const label = record(value);
      return [xmlText(label?.['@_id']), xmlText(label?.['@_name'])];
    }),
  );
}

/** A field's past values, as SafeInCloud keeps them: JSON of time (ms) to value, newest first here. */
function historyOf(field: XmlNode): PastPassword[] {
  let history: unknown;
  try {
    history = JSON.parse(xmlText(field['@_history']) || '{}');
  } catch {
    return [];
  }
  return Object.entries(record(history) ?? {})
    .filter(([, password]) => typeof password === 'string' && password !== '')
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([time, password]) => {
      const changedAt = epochIso(time, 'milliseconds');
      return { password: String(password), ...(changedAt ? { changedAt } : {}) };
    });
}

function filesOf(card: XmlNode): SourceAttachment[] {
  return list(card.file).flatMap((value) => {
    const file = record(value);
    try {
      const binary = atob(xmlText(file).replace(/\s/g, ''));
      return [
        { name: xmlText(file?.['@_name']), data: Uint8Array.from(binary, (char) => char.charCodeAt(0)) },
      ];
    } catch {
      return [];
    }
  });
}

function safeInCloudCard(card: XmlNode, ref: string, labels: Map<string, string>): SourceItem {
  let username = '';
  let password = '';
  let totp = '';
  let passwordHistory: PastPassword[] = [];
  const urls: string[] = [];
  const fields: SourceField[] = [];
  let isCard = false;
  for (const value of list(card.field)) {
    const field = record(value);
    if (!field) continue;
    const type = xmlText(field['@_type']);
    const text = xmlText(field);
    if (xmlText(field['@_autofill']).startsWith('cc-')) isCard = true;
    if (text === '') continue;
    if (type === 'login' && !username) username = text;
    else if (type === 'password' && !password) {
      password = text;
      passwordHistory = historyOf(field);
    } else if (type === 'website') urls.push(text);
    else if (type === 'one_time_password' && !totp) totp = text;
    else fields.push({ name: xmlText(field['@_name']) || type, value: text, hidden: CONCEALED.has(type) });
  }
  const [first, ...others] = list(card.label_id)
    .map((id) => labels.get(xmlText(id)))
    .filter((name): name is string => Boolean(name));
  const kind: SourceItem['kind'] =
    xmlText(card['@_type']) === 'note'
      ? 'note'
      : isCard
        ? 'card'
        : username || password || urls.length
          ? 'login'
          : 'other';
  const id = xmlText(card['@_id']);
  return sourceItem(ref, {
    ...(id ? { sourceId: id } : {}),
    kind,
    title: xmlText(card['@_title']),
    username,
    password,
    urls,
    notes: xmlText(card.notes),
    totp,
    fields,
    passwordHistory,
    container: first ? [first] : [],
    tags: others,
    favourite: xmlText(card['@_star']) === 'true',
    attachments: filesOf(card),
    ...itemTimes(undefined, epochIso(xmlText(card['@_time_stamp']), 'milliseconds')),
  });
}

/**
 * SafeInCloud's XML export: cards with typed fields, labels (the first a card has is its folder, the
 * others tags); templates are no secrets and deleted cards are trash.
 */
export const safeInCloudXml: ImportFormat = {
  id: 'safeincloud-xml',
  name: 'SafeInCloud (xml)',
  detect: ({ text }) => startsWithElement(text, 'database') && /<card[\s>]/.test(text.slice(0, 65536)),
  parse(sample: FileSample): SourceFile {
    const database = record(readXml(sample.text, ['label', 'card', 'field', 'label_id', 'file']).database);
    if (!database) throw new ImportError('damaged', 'This is not a SafeInCloud export.');
    const labels = labelNames(database);
    const file = emptySourceFile('safeincloud-xml');
    list(database.card).forEach((value, index) => {
      const card = record(value);
      const ref = xmlText(card?.['@_id']) || `card ${index + 1}`;
      if (!card) file.problems.push({ ref, message: 'The card cannot be read.' });
      else if (xmlText(card['@_template']) === 'true') file.skipped.notASecret += 1;
      else if (xmlText(card['@_deleted']) === 'true') file.skipped.trashed += 1;
      else file.items.push(safeInCloudCard(card, ref, labels));
    });
    return file;
  },
};
