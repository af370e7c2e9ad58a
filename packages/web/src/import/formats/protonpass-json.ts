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

const KINDS: Record<string, SourceItem['kind']> = {
  login: 'login',
  note: 'note',
  creditCard: 'card',
  identity: 'identity',
};

// Proton Pass item state: 1 active, 2 in the trash.
const TRASHED = 2;

// Content keys whose values are concealed in Proton Pass's own screens.
const CONCEALED = new Set([
  'number',
  'verificationNumber',
  'pin',
  'socialSecurityNumber',
  'passportNumber',
  'licenseNumber',
  'privateKey',
  'password',
]);

/** "socialSecurityNumber" as "Social security number". */
function label(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Proton Pass's custom fields (text, hidden, totp), their names prefixed with their section's. */
function extraFields(entries: unknown, section = ''): SourceField[] {
  return list(entries).flatMap((entry) => {
    const field = record(entry);
    const data = record(field?.data);
    const value = text(data?.content) || text(data?.totpUri);
    if (!field || !value) return [];
    const name = text(field.fieldName);
    const type = text(field.type);
    return [
      { name: section ? `${section}: ${name}` : name, value, hidden: type === 'hidden' || type === 'totp' },
    ];
  });
}

/** A typed item's content (card, identity, SSH key, Wi-Fi, …) as fields; its extra lists and sections too. */
function contentFields(content: Record<string, unknown>, used: ReadonlySet<string>): SourceField[] {
  const fields: SourceField[] = [];
  for (const [key, value] of Object.entries(content)) {
    if (used.has(key)) continue;
    if (Array.isArray(value)) {
      if (key === 'extraSections' || key === 'sections')
        for (const section of value)
          fields.push(...extraFields(record(section)?.sectionFields, text(record(section)?.sectionName)));
      else if (key === 'passkeys')
        for (const passkey of value)
          fields.push({ name: 'Passkey', value: JSON.stringify(passkey), hidden: true });
      else fields.push(...extraFields(value));
    } else if (key === 'cardType') {
      // 0 is "unspecified"; the others are Proton Pass's card brands, kept by their number.
      if (text(value) !== '' && text(value) !== '0')
        fields.push({ name: 'Card type', value: text(value), hidden: false });
    } else if (text(value) !== '')
      fields.push({ name: label(key), value: text(value), hidden: CONCEALED.has(key) });
  }
  return fields;
}

function protonItem(item: Record<string, unknown>, ref: string, vault: string): SourceItem {
  const data = record(item.data) ?? {};
  const metadata = record(data.metadata) ?? {};
  const content = record(data.content) ?? {};
  const type = text(data.type);
  const fields: SourceField[] = [];
  let username = text(content.itemUsername);
  const email = text(content.itemEmail);
  // A login signs in with its username, else its e-mail; an e-mail beside a username is kept as a field.
  if (!username) username = email;
  else if (email) fields.push({ name: 'Email', value: email, hidden: false });
  const alias = text(item.aliasEmail);
  if (type === 'alias' && !username) username = alias;
  else if (alias) fields.push({ name: 'Alias e-mail', value: alias, hidden: false });
  const login = new Set(['itemUsername', 'itemEmail', 'password', 'urls', 'totpUri']);
  fields.push(...contentFields(content, type === 'login' ? login : new Set()));
  // The login's own one-time password is the TOTP; else the first TOTP among the custom fields.
  let totp = type === 'login' ? text(content.totpUri) : '';
  for (const entry of list(data.extraFields)) {
    const extra = record(entry);
    const uri = text(record(extra?.data)?.totpUri);
    if (!totp && text(extra?.type) === 'totp' && uri) totp = uri;
    else fields.push(...extraFields([entry]));
  }
  const id = text(item.itemId);
  return sourceItem(ref, {
    ...(id ? { sourceId: id } : {}),
    kind: KINDS[type] ?? 'other',
    title: text(metadata.name),
    username,
    password: type === 'login' ? text(content.password) : '',
    urls: type === 'login' ? list(content.urls).map(text).filter(Boolean) : [],
    notes: text(metadata.note),
    totp,
    fields,
    container: vault ? [vault] : [],
    favourite: item.pinned === true,
    ...itemTimes(epochIso(item.createTime, 'seconds'), epochIso(item.modifyTime, 'seconds')),
  });
}

function isProtonPassExport(json: unknown): json is Record<string, unknown> {
  const data = record(json);
  return data !== undefined && record(data.vaults) !== undefined && 'userId' in data;
}

/** Proton Pass's unencrypted JSON export: vaults as containers; trashed items skipped. */
export const protonPassJson: ImportFormat = {
  id: 'protonpass-json',
  name: 'Proton Pass (json)',
  detect: ({ json }) => isProtonPassExport(json),
  parse(sample: FileSample): SourceFile {
    if (!isProtonPassExport(sample.json))
      throw new ImportError('damaged', 'This is not a Proton Pass export.');
    if (sample.json.encrypted === true)
      throw new ImportError(
        'damaged',
        'This Proton Pass export is encrypted: export again from Proton Pass without encryption.',
      );
    const file = emptySourceFile('protonpass-json');
    let number = 0;
    for (const vaultValue of Object.values(record(sample.json.vaults) ?? {})) {
      const vault = record(vaultValue);
      const name = text(vault?.name).trim();
      for (const entry of list(vault?.items)) {
        number += 1;
        const item = record(entry);
        const ref = text(item?.itemId) || `item ${number}`;
        if (!item || !record(item.data)) file.problems.push({ ref, message: 'The item cannot be read.' });
        else if (Number(item.state) === TRASHED) file.skipped.trashed += 1;
        else file.items.push(protonItem(item, ref, name));
      }
    }
    return file;
  },
};
