import { ImportError } from '../import-error.js';
import type { CsvRow } from '../read-csv.js';
import type { SourceField, SourceItem } from '../source-item.js';
import { sourceItem } from '../source-item.js';
import { blankRow, csvFormat, fallbackTitle } from './csv-format.js';
import type { FileSample, ImportFormat } from './import-format.js';
import { epochTime } from './onepassword-values.js';

// 1Password writes three CSVs: 1Password 8's fixed columns, and 1Password 7's for Mac ("label(name)"
// columns) and for Windows ("SECTION n: id" and "id n: LABEL" columns), whose columns depend on what
// the items hold. Every value in a column without a place of its own becomes a field.
const ID = '1password-csv';
const NAME = '1Password (csv)';

// Labels or names of values that are secret by nature (a card's number, a server's password, a key).
const CONCEALED =
  /password|ccnum|cvv|verification|^pin$|\bpin\b|accountno|account number|iban|secret|key|number$/i;

const splitTags = (cell: string) =>
  cell
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const onePassword8 = csvFormat({
  id: ID,
  name: NAME,
  columns: ['title', 'url', 'username', 'password', 'otpauth', 'favorite', 'archived', 'tags', 'notes'],
  row(row, ref) {
    if (blankRow(row, ['title', 'url', 'username', 'password', 'otpauth', 'notes'])) return 'not a secret';
    const url = row.cell('url').trim();
    const username = row.cell('username');
    const tags = splitTags(row.cell('tags'));
    // 1Password's archive is not its trash: archived items come over, tagged (as from a 1PUX export).
    if (row.cell('archived').trim().toLowerCase() === 'true') tags.push('Archived');
    return sourceItem(ref, {
      title: row.cell('title') || fallbackTitle(url ? [url] : [], username),
      username,
      password: row.cell('password'),
      urls: url ? [url] : [],
      totp: row.cell('otpauth').trim(),
      notes: row.cell('notes'),
      favourite: row.cell('favorite').trim().toLowerCase() === 'true',
      tags,
    });
  },
});

const MAC_KINDS: Record<string, SourceItem['kind']> = {
  login: 'login',
  password: 'login',
  'secure note': 'note',
  'credit card': 'card',
  'bank account': 'card',
  identity: 'identity',
};

// 1Password 7 for Mac writes tags as a property list set: {( "Starter Kit", work )}.
function macTags(cell: string): string[] {
  return cell
    .replace(/^\s*\{\(|\)\}\s*$/g, '')
    .split(/,|\n/)
    .map((tag) => tag.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
}

const onePasswordMac = csvFormat({
  id: ID,
  name: NAME,
  columns: ['title', 'type', 'created date', 'modified date', 'scope'],
  csv: { escapeChar: '\\' },
  row(row, ref) {
    const fields: SourceField[] = [];
    const seen = new Set<string>();
    for (const [column, value] of row.entries()) {
      const labelled = /^(.*)\((.+)\)$/s.exec(column);
      if (!labelled || value.trim() === '') continue;
      const [, label = '', name = ''] = labelled;
      // Some values are written under two labels with one name (birth date and date of birth).
      if (seen.has(`${name}\n${value}`)) continue;
      seen.add(`${name}\n${value}`);
      fields.push({ name: label.trim() || name, value, hidden: CONCEALED.test(name) });
    }
    if (blankRow(row, ['title', 'username', 'password', 'url', 'notes']) && fields.length === 0)
      return 'not a secret';
    const url = row.cell('url').trim();
    const username = row.cell('username');
    return sourceItem(ref, {
      kind: MAC_KINDS[row.cell('type').trim().toLowerCase()] ?? 'other',
      title: row.cell('title') || fallbackTitle(url ? [url] : [], username),
      username,
      password: row.cell('password'),
      urls: url ? [url] : [],
      notes: row.cell('notes'),
      fields,
      tags: macTags(row.cell('tags')),
      ...epochTime(row.cell('created date'), 'createdAt'),
      ...epochTime(row.cell('modified date'), 'updatedAt'),
    });
  },
});

// Columns 1Password 7 for Windows writes for every item; scope and autosubmit are fill settings, not values.
const WINDOWS_PLACED = new Set([
  'uuid',
  'title',
  'username',
  'password',
  'url',
  'urls',
  'notes',
  'tags',
  'scope',
  'autosubmit',
]);

function windowsFields(row: CsvRow): SourceField[] {
  const entries = row.entries();
  // "SECTION 2: M2NT…" holds that section's title; its fields are "M2NT… 1: LABEL".
  const sections = new Map(
    entries.flatMap(([column, value]) => {
      const id = /^SECTION \d+: (.+)$/i.exec(column)?.[1];
      return id ? [[id.toLowerCase(), value.trim()] as const] : [];
    }),
  );
  return entries.flatMap(([column, value]) => {
    if (WINDOWS_PLACED.has(column.toLowerCase()) || /^SECTION \d+: /i.test(column) || value.trim() === '')
      return [];
    const field = /^(?:(.*?) )?\d+: (.+)$/.exec(column);
    const label = field?.[2] ?? column;
    const section = field?.[1] ? sections.get(field[1].toLowerCase()) : undefined;
    return [{ name: section ? `${section}: ${label}` : label, value, hidden: CONCEALED.test(label) }];
  });
}

function windowsKind(fields: readonly SourceField[], hasLogin: boolean): SourceItem['kind'] {
  const labels = fields.map((field) => field.name.toLowerCase());
  if (labels.some((label) => /cardholder|verification number/.test(label))) return 'card';
  if (labels.some((label) => /first name|last name/.test(label))) return 'identity';
  return hasLogin ? 'login' : 'note';
}

const onePasswordWindows = csvFormat({
  id: ID,
  name: NAME,
  columns: ['uuid', 'title', 'username', 'password', 'url', 'scope', 'autosubmit'],
  row(row, ref) {
    const fields = windowsFields(row);
    if (blankRow(row, ['title', 'username', 'password', 'url', 'urls', 'notes']) && fields.length === 0)
      return 'not a secret';
    const urls = [row.cell('url'), ...row.cell('urls').split(/\r?\n/)]
      .map((url) => url.trim())
      .filter((url, index, all) => url !== '' && all.indexOf(url) === index);
    const username = row.cell('username');
    const password = row.cell('password');
    const uuid = row.cell('uuid').trim();
    return sourceItem(ref, {
      ...(uuid ? { sourceId: uuid } : {}),
      kind: windowsKind(fields, Boolean(username || password || urls.length > 0)),
      title: row.cell('title') || fallbackTitle(urls, username),
      username,
      password,
      urls,
      notes: row.cell('notes'),
      fields,
      tags: splitTags(row.cell('tags')),
    });
  },
});

const VARIANTS = [onePassword8, onePasswordMac, onePasswordWindows];

/** 1Password's CSV: 1Password 8's, or 1Password 7's for Mac or for Windows. */
export const onePasswordCsv: ImportFormat = {
  id: ID,
  name: NAME,
  detect: (sample) => VARIANTS.some((variant) => variant.detect(sample)),
  parse(sample: FileSample, options) {
    const variant = VARIANTS.find((candidate) => candidate.detect(sample));
    if (!variant) throw new ImportError('damaged', `This is not a ${NAME} export.`);
    return variant.parse(sample, options);
  },
};
