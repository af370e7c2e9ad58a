import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import { emptySourceFile, type SourceFile, type SourceItem, sourceItem } from '../source-item.js';
import { fallbackTitle } from './fallback-title.js';
import type { FileSample, ImportFormat } from './import-format.js';

// Dashlane's older JSON export: one list per kind, named in Dashlane's own (French-rooted) words.
// AUTHENTIFIANT holds the logins; every other list's entries keep all their values as fields.
const LOGINS = 'AUTHENTIFIANT';
const KINDS: Record<string, SourceItem['kind']> = {
  PAYMENTMEANS_CREDITCARD: 'card',
  PAYMENTMEAN_PAYPAL: 'card',
  BANKSTATEMENT: 'card',
  IDENTITY: 'identity',
  IDCARD: 'identity',
  PASSPORT: 'identity',
  DRIVERLICENCE: 'identity',
  SOCIALSECURITYSTATEMENT: 'identity',
  FISCALSTATEMENT: 'identity',
  EMAIL: 'identity',
  PHONE: 'identity',
  ADDRESS: 'identity',
  COMPANY: 'identity',
  PERSONALWEBSITE: 'identity',
  SECURENOTE: 'note',
};
const CONCEALED = /password|number|code|cvv|pin|iban|bic|secret/i;
const LOGIN_KEYS = new Set(['title', 'domain', 'login', 'password', 'note']);

/** Dashlane's JSON export. */
export const dashlaneJson: ImportFormat = {
  id: 'dashlane-json',
  name: 'Dashlane (json)',
  detect: ({ json }) => Array.isArray(record(json)?.[LOGINS]),
  parse(sample: FileSample): SourceFile {
    const data = record(sample.json);
    if (!data || !Array.isArray(data[LOGINS]))
      throw new ImportError('damaged', 'This is not a Dashlane export.');
    const file = emptySourceFile(dashlaneJson.id);
    for (const [kindName, entries] of Object.entries(data)) {
      list(entries).forEach((entry, index) => {
        const ref = `${kindName} ${index + 1}`;
        const values = record(entry);
        if (!values) file.problems.push({ ref, message: 'This entry cannot be read.' });
        else {
          const item = kindName === LOGINS ? login(values, ref) : other(values, kindName, ref);
          if (item) file.items.push(item);
          else file.skipped.notASecret += 1;
        }
      });
    }
    return file;
  },
};

function fieldsOf(values: Record<string, unknown>, placed: ReadonlySet<string>) {
  return Object.entries(values).flatMap(([name, raw]) => {
    const value = text(raw);
    return placed.has(name) || value.trim() === '' ? [] : [{ name, value, hidden: CONCEALED.test(name) }];
  });
}

function login(values: Record<string, unknown>, ref: string): SourceItem | undefined {
  const url = text(values.domain).trim();
  const username = text(values.login);
  const fields = fieldsOf(values, LOGIN_KEYS);
  const title = text(values.title);
  if (!title && !url && !username && !text(values.password) && !text(values.note) && fields.length === 0)
    return undefined;
  return sourceItem(ref, {
    title: title || fallbackTitle(url ? [url] : [], username),
    username,
    password: text(values.password),
    urls: url ? [url] : [],
    notes: text(values.note),
    fields,
  });
}

function other(values: Record<string, unknown>, kindName: string, ref: string): SourceItem | undefined {
  const fields = fieldsOf(values, new Set(['title', 'note']));
  const notes = text(values.note);
  if (fields.length === 0 && !notes) return undefined;
  return sourceItem(ref, {
    kind: KINDS[kindName] ?? 'other',
    title: text(values.title) || text(values.name) || fields[0]?.value || kindName,
    notes,
    fields,
  });
}
