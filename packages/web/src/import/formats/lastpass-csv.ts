import type { CsvRow } from '../read-csv.js';
import { containerPath, type SourceField, type SourceItem, sourceItem } from '../source-item.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';

// LastPass's export escapes &, < and > as HTML entities in every cell; reading them back is what its
// own import does. (A value that really contained "&amp;" cannot be told apart: LastPass lost that.)
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function unescaped(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

// A secure note's URL is "http://sn"; a typed note (card, address, …) starts "NoteType:" and lists
// "Label:value" lines, its own "Notes:" label last, which may run over several lines.
const SECURE_NOTE_URL = 'http://sn';
const KINDS: Record<string, SourceItem['kind']> = {
  'credit card': 'card',
  'bank account': 'card',
  address: 'identity',
  "driver's license": 'identity',
  passport: 'identity',
  'social security': 'identity',
};
const CONCEALED = /number|code|pin|password|security|ssn|cvv/i;

function typedNote(extra: string): { kind: SourceItem['kind']; fields: SourceField[]; notes: string } | null {
  const lines = extra.split(/\r?\n/);
  const noteType = /^NoteType:(.*)$/.exec(lines[0] ?? '')?.[1]?.trim();
  if (noteType === undefined) return null;
  const fields: SourceField[] = [{ name: 'Note type', value: noteType, hidden: false }];
  let notes = '';
  for (const [index, line] of lines.slice(1).entries()) {
    const at = line.indexOf(':');
    const name = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1);
    if (name === 'Notes') {
      notes = [value, ...lines.slice(index + 2)].join('\n').trim();
      break;
    }
    if (name.trim() !== '' && value.trim() !== '') fields.push({ name, value, hidden: CONCEALED.test(name) });
  }
  return { kind: KINDS[noteType.toLowerCase()] ?? 'note', fields, notes };
}

function lastPassRow(row: CsvRow, ref: string) {
  const cell = (name: string) => unescaped(row.cell(name));
  if (blankRow(row, ['url', 'username', 'password', 'extra', 'name'])) return 'not a secret' as const;
  const url = cell('url').trim();
  const common = {
    title: cell('name'),
    // LastPass nests groups with backslashes ("Work\Servers").
    container: containerPath(cell('grouping'), '\\'),
    favourite: row.cell('fav').trim() === '1',
  };
  if (url === SECURE_NOTE_URL) {
    const typed = typedNote(cell('extra'));
    return sourceItem(ref, {
      ...common,
      kind: typed?.kind ?? 'note',
      notes: typed ? typed.notes : cell('extra'),
      fields: typed?.fields ?? [],
    });
  }
  const urls = url ? [url] : [];
  return sourceItem(ref, {
    ...common,
    title: common.title || fallbackTitle(urls, cell('username')),
    username: cell('username'),
    password: cell('password'),
    urls,
    notes: cell('extra'),
    totp: cell('totp'),
  });
}

/** LastPass's CSV export: logins, secure notes and typed notes (cards, addresses, …). */
export const lastPassCsv = csvFormat({
  id: 'lastpass-csv',
  name: 'LastPass (csv)',
  columns: ['url', 'username', 'password', 'extra', 'name', 'grouping'],
  row: lastPassRow,
});
