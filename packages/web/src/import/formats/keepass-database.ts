import kdbxweb from 'kdbxweb';
import {
  emptySourceFile,
  type PastPassword,
  type SourceAttachment,
  type SourceField,
  type SourceFile,
  sourceItem,
} from '../source-item.js';

type Kdbx = kdbxweb.Kdbx;
type KdbxEntry = kdbxweb.KdbxEntry;
type KdbxGroup = kdbxweb.KdbxGroup;

// KeePass's own field names; everything else an entry holds is a custom field.
const STANDARD = new Set(['Title', 'UserName', 'Password', 'URL', 'Notes']);
// Where KeePassXC (otp) and KeePass 2.47+ (TimeOtp-Secret-Base32) keep the TOTP secret.
const TOTP_FIELDS = ['otp', 'TOTP Seed', 'TimeOtp-Secret-Base32'];
// KeePassXC and KeePass2Android keep further URLs as KP2A_URL, KP2A_URL_1, …
const EXTRA_URL = /^KP2A_URL(_\d+)?$/;

/** A KeePass database (from a KDBX file or a KeePass 2 XML export) as an import reads it. */
export function keePassSourceFile(db: Kdbx, format: string): SourceFile {
  const file = emptySourceFile(format);
  const root = db.getDefaultGroup();
  const bin = db.meta.recycleBinEnabled !== false ? db.meta.recycleBinUuid?.id : undefined;
  const walk = (group: KdbxGroup, path: string[], inBin: boolean) => {
    for (const entry of group.entries) {
      if (inBin) file.skipped.trashed += 1;
      else file.items.push(toSourceItem(entry, path));
    }
    for (const child of group.groups) {
      const binned = inBin || (bin !== undefined && child.uuid.id === bin);
      walk(child, [...path, child.name ?? ''], binned);
    }
  };
  // The root group is the database itself, not a folder.
  walk(root, [], false);
  return file;
}

function textOf(value: kdbxweb.KdbxEntryField | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : value.getText();
}

function toSourceItem(entry: KdbxEntry, container: string[]) {
  const field = (name: string) => textOf(entry.fields.get(name));
  const urls = [field('URL')].filter(Boolean);
  const fields: SourceField[] = [];
  let totp = '';
  for (const [name, value] of entry.fields) {
    if (STANDARD.has(name)) continue;
    const text = textOf(value);
    if (!text) continue;
    if (!totp && TOTP_FIELDS.includes(name)) totp = text;
    else if (EXTRA_URL.test(name)) urls.push(text);
    else fields.push({ name, value: text, hidden: typeof value !== 'string' });
  }
  // Auto-type has no place in Coffer: kept as a field, never dropped.
  const autoType = autoTypeText(entry);
  if (autoType) fields.push({ name: 'Auto-Type', value: autoType, hidden: false });
  const created = entry.times.creationTime;
  const modified = entry.times.lastModTime;
  return sourceItem(`entry ${entry.uuid.id}`, {
    sourceId: entry.uuid.id,
    title: field('Title'),
    username: field('UserName'),
    password: field('Password'),
    urls,
    notes: field('Notes'),
    totp,
    fields,
    passwordHistory: historyOf(entry, field('Password')),
    container,
    tags: [...entry.tags],
    attachments: attachmentsOf(entry),
    ...(created ? { createdAt: created.toISOString() } : {}),
    ...(modified ? { updatedAt: new Date(modified).toISOString() } : {}),
  });
}

// Earlier passwords, newest first, each once, without the current one.
function historyOf(entry: KdbxEntry, current: string): PastPassword[] {
  const seen = new Set([current]);
  const past: PastPassword[] = [];
  for (const old of [...entry.history].reverse()) {
    const password = textOf(old.fields.get('Password'));
    if (!password || seen.has(password)) continue;
    seen.add(password);
    const at = old.times.lastModTime;
    past.push({ password, ...(at ? { changedAt: new Date(at).toISOString() } : {}) });
  }
  return past;
}

function autoTypeText(entry: KdbxEntry): string {
  const { defaultSequence, items } = entry.autoType;
  return [
    ...(defaultSequence ? [defaultSequence] : []),
    ...items.map((item) => `${item.window}: ${item.keystrokeSequence}`),
  ].join('\n');
}

function attachmentsOf(entry: KdbxEntry): SourceAttachment[] {
  return [...entry.binaries].map(([name, stored]) => {
    const value = 'hash' in stored ? stored.value : stored;
    const data =
      value instanceof kdbxweb.ProtectedValue ? value.getBinary() : new Uint8Array(value as ArrayBuffer);
    return { name, data };
  });
}
