import { ImportError } from '../import-error.js';
import { list, record } from '../json-values.js';
import { readXml, startsWithElement, type XmlNode, xmlText } from '../read-xml.js';
import {
  emptySourceFile,
  type PastPassword,
  type SourceField,
  type SourceFile,
  sourceItem,
} from '../source-item.js';
import { itemTimes } from '../times.js';
import type { FileSample, ImportFormat } from './import-format.js';

// Elements with a place of their own, or Password Safe's bookkeeping (times, policies, shortcuts).
const MAPPED = new Set([
  'group',
  'title',
  'username',
  'password',
  'url',
  'notes',
  'email',
  'uuid',
  'pwhistory',
]);
const BOOKKEEPING = new Set([
  'ctimex',
  'mtimex',
  'pmtimex',
  'atimex',
  'rmtimex',
  'xtime_interval',
  'dca',
  'shiftdca',
  'protected',
  'kbshortcut',
  'symbols',
  'PasswordPolicy',
  'PasswordPolicyName',
  'entrytype',
]);
const NAMES: Record<string, string> = {
  runcommand: 'Run command',
  autotype: 'Auto-type',
  xtimex: 'Password expires',
};

/** Password Safe nests groups with dots; a dot in a group's own name is written "\.". */
function groupPath(group: string): string[] {
  return group
    .split(/(?<!\\)\./)
    .map((name) => name.replace(/\\\./g, '.').trim())
    .filter(Boolean);
}

/** Password Safe writes local times without a zone; they are read as UTC, the same on every machine. */
function pwsafeTime(value: unknown): string | undefined {
  const written = xmlText(value).trim();
  if (!written) return undefined;
  const time = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(written) ? written : `${written}Z`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function historyOf(entry: XmlNode): PastPassword[] {
  const entries = list(record(record(entry.pwhistory)?.history_entries)?.history_entry);
  // Password Safe lists the oldest first.
  return entries
    .map((past) => {
      const changedAt = pwsafeTime(record(past)?.changedx);
      return { password: xmlText(record(past)?.oldpassword), ...(changedAt ? { changedAt } : {}) };
    })
    .filter((past) => past.password !== '')
    .reverse();
}

/** Password Safe's XML export: groups nested with dots, password history, notes with its line delimiter. */
export const pwsafeXml: ImportFormat = {
  id: 'pwsafe-xml',
  name: 'Password Safe (xml)',
  detect: ({ text }) => startsWithElement(text, 'passwordsafe'),
  parse(sample: FileSample): SourceFile {
    const root = record(readXml(sample.text, ['entry', 'history_entry']).passwordsafe);
    if (!root) throw new ImportError('damaged', 'This is not a Password Safe export.');
    // Notes' line breaks are written as the export's delimiter character.
    const delimiter = xmlText(root['@_delimiter']);
    const file = emptySourceFile('pwsafe-xml');
    list(root.entry).forEach((value, index) => {
      const entry = record(value);
      const ref = xmlText(entry?.uuid) || `entry ${index + 1}`;
      if (!entry) {
        file.problems.push({ ref, message: 'The entry cannot be read.' });
        return;
      }
      const fields: SourceField[] = [];
      let username = xmlText(entry.username);
      const url = xmlText(entry.url).trim();
      const notes = xmlText(entry.notes);
      const note = !username && !xmlText(entry.password) && !url && notes !== '';
      const email = xmlText(entry.email);
      if (!username) username = email;
      else if (email) fields.push({ name: 'Email', value: email, hidden: false });
      for (const [name, child] of Object.entries(entry)) {
        if (name.startsWith('@_') || name === '#text' || MAPPED.has(name) || BOOKKEEPING.has(name)) continue;
        const text = name === 'xtimex' ? (pwsafeTime(child) ?? '') : xmlText(child);
        if (text.trim() !== '') fields.push({ name: NAMES[name] ?? name, value: text, hidden: false });
      }
      file.items.push(
        sourceItem(ref, {
          ...(xmlText(entry.uuid) ? { sourceId: xmlText(entry.uuid) } : {}),
          kind: note ? 'note' : 'login',
          title: xmlText(entry.title),
          username,
          password: xmlText(entry.password),
          urls: url ? [url] : [],
          notes: delimiter ? notes.split(delimiter).join('\n') : notes,
          fields,
          passwordHistory: historyOf(entry),
          container: groupPath(xmlText(entry.group)),
          ...itemTimes(pwsafeTime(entry.ctimex), pwsafeTime(entry.rmtimex) ?? pwsafeTime(entry.mtimex)),
        }),
      );
    });
    return file;
  },
};
