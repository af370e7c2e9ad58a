import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import { emptySourceFile, type SourceFile, sourceItem } from '../source-item.js';
import { fallbackTitle } from './fallback-title.js';
import type { FileSample, ImportFormat } from './import-format.js';

function isPasskyExport(json: unknown): json is Record<string, unknown> {
  const data = record(json);
  return data !== undefined && Array.isArray(data.passwords) && 'encrypted' in data;
}

/** Passky's JSON backup: website, username, password and a message (its notes). Passky has no folders. */
export const passkyJson: ImportFormat = {
  id: 'passky-json',
  name: 'Passky (json)',
  detect: ({ json }) => isPasskyExport(json),
  parse(sample: FileSample): SourceFile {
    if (!isPasskyExport(sample.json)) throw new ImportError('damaged', 'This is not a Passky export.');
    if (sample.json.encrypted !== false)
      throw new ImportError(
        'damaged',
        'This Passky backup is encrypted: export it again from Passky without encryption.',
      );
    const file = emptySourceFile('passky-json');
    list(sample.json.passwords).forEach((entry, index) => {
      const password = record(entry);
      const ref = text(password?.id) || `item ${index + 1}`;
      if (!password) {
        file.problems.push({ ref, message: 'The item cannot be read.' });
        return;
      }
      const website = text(password.website).trim();
      const urls = website ? [website] : [];
      const username = text(password.username);
      if (!website && !username && !text(password.password) && !text(password.message)) {
        file.skipped.notASecret += 1;
        return;
      }
      file.items.push(
        sourceItem(ref, {
          title: fallbackTitle(urls, username) || website,
          username,
          password: text(password.password),
          urls,
          notes: text(password.message),
        }),
      );
    });
    return file;
  },
};
