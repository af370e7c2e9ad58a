import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  emptySourceFile,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import { epochIso, itemTimes } from '../times.js';
import type { FileSample, ImportFormat } from './import-format.js';

function isPassmanExport(json: unknown): json is unknown[] {
  const first = record(list(json)[0]);
  return first !== undefined && 'credential_id' in first && 'guid' in first && 'label' in first;
}

/** The one-time password: its otpauth:// URI where Passman kept it, else its secret. */
function totpOf(otp: unknown): string {
  const value = record(otp);
  const uri = text(record(value?.qr_uri)?.qrData);
  return uri.startsWith('otpauth://') ? uri : text(value?.secret);
}

function customFields(entries: unknown): SourceField[] {
  return list(entries).flatMap((entry) => {
    const field = record(entry);
    const value = text(field?.value);
    if (!field || value === '') return [];
    return [
      {
        name: text(field.label),
        value,
        hidden: field.secret === true || text(field.field_type) === 'password',
      },
    ];
  });
}

function passmanItem(credential: Record<string, unknown>, ref: string): SourceItem {
  const url = text(credential.url).trim();
  const email = text(credential.email);
  let username = text(credential.username);
  const fields = customFields(credential.custom_fields);
  // A credential with only an e-mail signs in with it; otherwise the e-mail is a field of its own.
  if (!username) username = email;
  else if (email) fields.unshift({ name: 'Email', value: email, hidden: false });
  const guid = text(credential.guid);
  return sourceItem(ref, {
    ...(guid ? { sourceId: guid } : {}),
    title: text(credential.label),
    username,
    password: text(credential.password),
    urls: url ? [url] : [],
    notes: text(credential.description),
    totp: totpOf(credential.otp),
    fields,
    tags: list(credential.tags)
      .map((tag) => text(record(tag)?.text))
      .filter(Boolean),
    ...itemTimes(epochIso(credential.created, 'seconds'), epochIso(credential.changed, 'seconds')),
  });
}

/**
 * Passman's (Nextcloud) JSON export: a list of credentials. Passman has no folders: its tags stay tags.
 * A deleted credential is in Passman's trash; a hidden one is Passman's own (not the user's).
 */
export const passmanJson: ImportFormat = {
  id: 'passman-json',
  name: 'Passman (json)',
  detect: ({ json }) => isPassmanExport(json),
  parse(sample: FileSample): SourceFile {
    if (!isPassmanExport(sample.json)) throw new ImportError('damaged', 'This is not a Passman export.');
    const file = emptySourceFile('passman-json');
    sample.json.forEach((entry, index) => {
      const credential = record(entry);
      const ref = text(credential?.guid) || `item ${index + 1}`;
      if (!credential) file.problems.push({ ref, message: 'The item cannot be read.' });
      else if (Number(credential.delete_time) > 0) file.skipped.trashed += 1;
      else if (Number(credential.hidden) === 1) file.skipped.notASecret += 1;
      else {
        file.items.push(passmanItem(credential, ref));
        if (list(credential.files).length > 0)
          file.problems.push({ ref, message: "The item's files are not in the export." });
      }
    });
    return file;
  },
};
