import { unzipSync } from 'fflate';
import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import { emptySourceFile, type SourceAttachment, type SourceFile, type SourceItem } from '../source-item.js';
import type { FileSample, ImportFormat, OpenOptions } from './import-format.js';
import { toSourceItem } from './onepassword-1pif.js';
import {
  base64Bytes,
  derivedKeys,
  itemKeyPair,
  type KeyPair,
  openOpdata,
  sealedKeyPair,
} from './opvault-crypto.js';

// 1Password's OPVault (1Password 6 and 7's local vaults, Dropbox sync): a folder `X.opvault/default/`
// holding profile.js (salt, iterations, the sealed master and overview keys), folders.js, band_0.js to
// band_F.js (the items) and `<item>_<file>.attachment` files. A browser cannot be given a folder as one
// file, so the folder is read zipped (the Finder's or Explorer's "Compress"); any depth of the zip works.
// Each item is JavaScript wrapping JSON: `ld({...});`. Its overview (title, URLs, tags) is sealed with
// the overview keys, its details (fields, sections, notes, history: 1PIF's secureContents) with the item's
// own keys.

// Category ids are 1Password's, as in 1PUX; 099 is a tombstone (an item deleted since).
const KINDS: Record<string, SourceItem['kind']> = {
  '001': 'login',
  '002': 'card',
  '003': 'note',
  '004': 'identity',
  '005': 'login',
  '101': 'card',
  '103': 'identity',
  '104': 'identity',
  '106': 'identity',
  '108': 'identity',
};
const TOMBSTONE = '099';

// 1Password 7 writes 100,000 iterations; a damaged or hostile profile must not keep a tab busy for
// hours (the bound of Bitwarden's own, which this tab already accepts for its protected export).
const MAX_ITERATIONS = 2_000_000;

const DAMAGED = 'The 1Password vault is damaged: its profile cannot be read.';
const ATTACHMENT_MAGIC = 'OPCLDAT';

/** 1Password's OPVault, its folder zipped. */
export const onePasswordOpvault: ImportFormat = {
  id: '1password-opvault',
  name: '1Password (opvault, zipped)',
  protected: true,
  detect: (sample) => sample.zip === true && profileFolder(entryNames(sample.bytes)) !== null,
  parse: (sample: FileSample, options: OpenOptions) => openVault(sample, options),
};

function entryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return [];
  }
  return names;
}

// The folder holding profile.js and at least one band: `default/` (or the zip's top when it is that folder).
function profileFolder(names: readonly string[]): string | null {
  const bands = new Set(names.filter((name) => /(^|\/)band_[0-9A-F]\.js$/.test(name)));
  for (const name of names) {
    if (!/(^|\/)profile\.js$/.test(name)) continue;
    const folder = name.slice(0, name.length - 'profile.js'.length);
    if ([...bands].some((band) => band.slice(0, band.lastIndexOf('/') + 1) === folder)) return folder;
  }
  return null;
}

function unzipped(bytes: Uint8Array, folder: string): Record<string, Uint8Array> {
  try {
    const entries = unzipSync(bytes, { filter: (file) => file.name.startsWith(folder) });
    return Object.fromEntries(
      Object.entries(entries).map(([name, data]) => [name.slice(folder.length), data] as const),
    );
  } catch {
    throw new ImportError('damaged', 'The file is a damaged zip archive.');
  }
}

// `var profile={…};`, `loadFolders({…});`, `ld({…});`: the JSON between the first { and the last }.
function wrappedJson(data: Uint8Array | undefined): Record<string, unknown> | undefined {
  if (!data) return undefined;
  const content = new TextDecoder().decode(data);
  try {
    return record(JSON.parse(content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1)));
  } catch {
    return undefined;
  }
}

interface VaultKeys {
  master: KeyPair;
  overview: KeyPair;
}

async function openVault(sample: FileSample, options: OpenOptions): Promise<SourceFile> {
  const folder = profileFolder(entryNames(sample.bytes));
  if (folder === null) throw new ImportError('damaged', 'This is not a 1Password vault (opvault).');
  const files = unzipped(sample.bytes, folder);
  const profile = wrappedJson(files['profile.js']);
  const salt = base64Bytes(text(profile?.salt));
  const masterKey = base64Bytes(text(profile?.masterKey));
  const overviewKey = base64Bytes(text(profile?.overviewKey));
  const iterations = Number(profile?.iterations);
  if (!salt || !masterKey || !overviewKey || !Number.isSafeInteger(iterations) || iterations <= 0)
    throw new ImportError('damaged', DAMAGED);
  if (iterations > MAX_ITERATIONS)
    throw new ImportError(
      'too-large',
      "This vault's key derivation settings are beyond what a browser can open. Lower them in 1Password, or export the vault as 1PUX.",
    );
  if (!options.password)
    throw new ImportError('needs-password', 'This file is protected: give its password.');
  const derived = await derivedKeys(options.password, salt, iterations);
  // The master key's HMAC is the password check: a wrong password derives keys that do not verify it.
  const master = await sealedKeyPair(masterKey, derived);
  if (!master) throw new ImportError('wrong-password', 'The password is not right for this file.');
  const overview = await sealedKeyPair(overviewKey, derived);
  if (!overview) throw new ImportError('damaged', DAMAGED);
  return readItems(files, { master, overview });
}

async function readItems(files: Record<string, Uint8Array>, keys: VaultKeys): Promise<SourceFile> {
  const file = emptySourceFile(onePasswordOpvault.id);
  const folders = await folderPaths(wrappedJson(files['folders.js']) ?? {}, keys.overview);
  const bands = Object.keys(files)
    .filter((name) => /^band_[0-9A-F]\.js$/.test(name))
    .sort();
  for (const band of bands) {
    const items = wrappedJson(files[band]);
    if (!items) {
      file.problems.push({ ref: band, message: 'This part of the vault cannot be read.' });
      continue;
    }
    for (const [uuid, raw] of Object.entries(items)) {
      const item = record(raw);
      const ref = `item ${uuid}`;
      if (!item) {
        file.problems.push({ ref, message: 'This item cannot be read.' });
        continue;
      }
      if (text(item.category) === TOMBSTONE || item.trashed === true) {
        file.skipped.trashed += 1;
        continue;
      }
      const opened = await openItem(item, keys);
      if (!opened) {
        file.problems.push({ ref, message: 'This item cannot be decrypted.' });
        continue;
      }
      const attachments = await attachmentsOf(uuid, files, opened.keys, keys.overview);
      if (attachments.damaged > 0)
        file.problems.push({ ref, message: 'A file of this item cannot be decrypted.' });
      file.items.push({
        ...toSourceItem(
          asPifEntry(uuid, item, opened.overview, opened.details),
          KINDS[text(item.category)] ?? 'other',
          ref,
          folders.get(text(item.folder)) ?? [],
        ),
        attachments: attachments.files,
      });
    }
  }
  return file;
}

interface OpenedItem {
  keys: KeyPair;
  overview: Record<string, unknown>;
  details: Record<string, unknown>;
}

async function openItem(item: Record<string, unknown>, keys: VaultKeys): Promise<OpenedItem | null> {
  const sealedKeys = base64Bytes(text(item.k));
  const itemKeys = sealedKeys && (await itemKeyPair(sealedKeys, keys.master));
  if (!itemKeys) return null;
  const overview = await openJson(text(item.o), keys.overview);
  const details = await openJson(text(item.d), itemKeys);
  if (!overview || !details) return null;
  return { keys: itemKeys, overview, details };
}

async function openJson(value: string, keys: KeyPair): Promise<Record<string, unknown> | null> {
  const blob = base64Bytes(value);
  const plain = blob && (await openOpdata(blob, keys));
  if (!plain) return null;
  try {
    return record(JSON.parse(new TextDecoder().decode(plain))) ?? null;
  } catch {
    return null;
  }
}

// The item as the 1PIF record it would have been: details are 1PIF's secureContents, the overview holds
// the title, URLs and tags.
function asPifEntry(
  uuid: string,
  item: Record<string, unknown>,
  overview: Record<string, unknown>,
  details: Record<string, unknown>,
): Record<string, unknown> {
  const urls = list(overview.URLs).map((entry) => ({ url: text(record(entry)?.u) }));
  return {
    uuid,
    title: overview.title,
    location: overview.url,
    secureContents: { ...details, URLs: [...list(details.URLs), ...urls] },
    openContents: { tags: overview.tags },
    faveIndex: item.fave,
    createdAt: item.created,
    updatedAt: item.updated,
  };
}

// Folders name their parent by uuid; smart folders are saved searches, not places. A loop in a damaged
// file ends where it meets itself.
async function folderPaths(
  folders: Record<string, unknown>,
  overviewKeys: KeyPair,
): Promise<Map<string, string[]>> {
  const named = new Map<string, { title: string; parent: string }>();
  for (const [uuid, raw] of Object.entries(folders)) {
    const folder = record(raw);
    if (!folder || folder.smart === true || folder.trashed === true) continue;
    const overview = await openJson(text(folder.overview), overviewKeys);
    named.set(uuid, { title: text(overview?.title).trim(), parent: text(folder.parent) });
  }
  const paths = new Map<string, string[]>();
  for (const uuid of named.keys()) {
    const path: string[] = [];
    const seen = new Set<string>();
    let at: string | undefined = uuid;
    while (at && !seen.has(at)) {
      seen.add(at);
      const folder = named.get(at);
      if (!folder) break;
      if (folder.title) path.unshift(folder.title);
      at = folder.parent;
    }
    paths.set(uuid, path);
  }
  return paths;
}

// `<item>_<file>.attachment`: "OPCLDAT", a version byte, the metadata's length (16-bit LE), two unused
// bytes, the icon's length (32-bit LE), the metadata JSON (its overview sealed with the overview keys
// names the file), the icon, then the file's content as opdata01 under the item's keys.
async function attachmentsOf(
  uuid: string,
  files: Record<string, Uint8Array>,
  itemKeys: KeyPair,
  overviewKeys: KeyPair,
): Promise<{ files: SourceAttachment[]; damaged: number }> {
  const found: SourceAttachment[] = [];
  let damaged = 0;
  const names = Object.keys(files)
    .filter((name) => name.startsWith(`${uuid}_`) && name.endsWith('.attachment'))
    .sort();
  for (const name of names) {
    const opened = await openAttachment(files[name] ?? new Uint8Array(), itemKeys, overviewKeys);
    if (opened) found.push(opened);
    else damaged += 1;
  }
  return { files: found, damaged };
}

async function openAttachment(
  data: Uint8Array,
  itemKeys: KeyPair,
  overviewKeys: KeyPair,
): Promise<SourceAttachment | null> {
  if (data.length < 16 || new TextDecoder().decode(data.subarray(0, 7)) !== ATTACHMENT_MAGIC) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const metadataBytes = view.getUint16(8, true);
  const iconBytes = view.getUint32(12, true);
  const contentAt = 16 + metadataBytes + iconBytes;
  if (contentAt >= data.length) return null;
  let metadata: Record<string, unknown> | undefined;
  try {
    metadata = record(JSON.parse(new TextDecoder().decode(data.subarray(16, 16 + metadataBytes))));
  } catch {
    return null;
  }
  const overview = await openJson(text(metadata?.overview), overviewKeys);
  const content = await openOpdata(data.slice(contentAt), itemKeys);
  if (!content) return null;
  return { name: text(overview?.filename) || 'attachment', data: content };
}
