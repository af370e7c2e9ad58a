import type { PasswordPayload, SecretCategory, SecretPayload } from '@coffer/core';
import { SECRET_CATEGORIES } from '@coffer/core';
import { unzipSync } from 'fflate';
import { normalisePayload } from '../../crypto-client/secret-payload.js';
import { ImportError } from '../import-error.js';
import { list, record, text } from '../json-values.js';
import {
  emptySourceFile,
  type SourceAttachment,
  type SourceField,
  type SourceFile,
  type SourceItem,
  sourceItem,
} from '../source-item.js';
import {
  base64OrNull,
  CHECK_PART,
  COFFER_EXPORT_ENTRY,
  COFFER_EXPORT_FILES_FOLDER,
  COFFER_EXPORT_FORMAT,
  COFFER_EXPORT_ITERATIONS,
  COFFER_EXPORT_MAX_ITERATIONS,
  COFFER_EXPORT_SALT_BYTES,
  COFFER_EXPORT_VERSION,
  CONTENT_PART,
  categoryFields,
  deriveCofferExportKey,
  openCofferExportPart,
} from './coffer-export-format.js';
import type { FileSample, ImportFormat, OpenOptions } from './import-format.js';

const DAMAGED = 'The Coffer export is damaged: its encryption settings cannot be read.';

/** Coffer's own password-protected export (a zip): every secret as it was stored, files included. */
export const cofferExport: ImportFormat = {
  id: 'coffer-export',
  name: 'Coffer (password-protected export)',
  protected: true,
  detect: (sample) => sample.zip === true && hasEnvelope(sample.bytes),
  parse: (sample: FileSample, options: OpenOptions) => openCofferExport(sample.bytes, options),
};

function hasEnvelope(bytes: Uint8Array): boolean {
  try {
    return COFFER_EXPORT_ENTRY in unzipSync(bytes, { filter: (file) => file.name === COFFER_EXPORT_ENTRY });
  } catch {
    return false;
  }
}

/** Opens a Coffer export with its password and reads every secret in it, files as bytes. */
export async function openCofferExport(bytes: Uint8Array, options: OpenOptions): Promise<SourceFile> {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new ImportError('damaged', 'The file is a damaged zip archive.');
  }
  const envelope = readEnvelope(files[COFFER_EXPORT_ENTRY]);
  if (!options.password)
    throw new ImportError('needs-password', 'This file is protected: give its password.');
  const key = await deriveCofferExportKey(options.password, envelope.salt, envelope.iterations);
  if ((await openCofferExportPart(key, CHECK_PART, envelope.check)) === null)
    throw new ImportError('wrong-password', 'The password is not right for this file.');
  const plain = await openCofferExportPart(key, CONTENT_PART, envelope.data);
  if (plain === null)
    throw new ImportError('damaged', 'The Coffer export is damaged: its data cannot be decrypted.');
  let content: Record<string, unknown> | undefined;
  try {
    content = record(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)));
  } catch {
    content = undefined;
  }
  if (!content || content.format !== COFFER_EXPORT_FORMAT || content.version !== COFFER_EXPORT_VERSION)
    throw new ImportError('damaged', 'The Coffer export is damaged: its decrypted data cannot be read.');
  const file = emptySourceFile(cofferExport.id);
  const entries = list(content.secrets);
  for (const [index, entry] of entries.entries()) {
    const secret = record(entry);
    const id = text(secret?.id);
    const ref = id ? `secret ${id}` : `secret ${index + 1}`;
    const category = SECRET_CATEGORIES.find((known) => known === secret?.category);
    const payload = record(secret?.payload);
    if (!secret || !category || !payload) {
      file.problems.push({ ref, message: 'The secret cannot be read.' });
      continue;
    }
    const attachments: SourceAttachment[] = [];
    for (const [position, listed] of list(secret.files).entries()) {
      const opened = await openFile(key, files, record(listed));
      if (opened) attachments.push(opened);
      else
        file.problems.push({
          ref,
          message: `File ${position + 1} of this secret is missing from the export or damaged.`,
        });
    }
    file.items.push(toSourceItem(secret, ref, category, payload, attachments));
  }
  return file;
}

interface Envelope {
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  check: Uint8Array;
  data: Uint8Array;
}

function readEnvelope(bytes: Uint8Array | undefined): Envelope {
  let envelope: Record<string, unknown> | undefined;
  try {
    envelope = record(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    throw new ImportError('damaged', DAMAGED);
  }
  if (!envelope || envelope.format !== COFFER_EXPORT_FORMAT) throw new ImportError('damaged', DAMAGED);
  if (envelope.version !== COFFER_EXPORT_VERSION)
    throw new ImportError(
      'unknown-format',
      'This Coffer export was made by another version of Coffer, which this one cannot read.',
    );
  const kdf = record(envelope.kdf);
  const iterations = kdf?.iterations;
  const salt = base64OrNull(kdf?.salt);
  const check = base64OrNull(envelope.check);
  const data = base64OrNull(envelope.data);
  if (
    kdf?.name !== 'PBKDF2-SHA256' ||
    envelope.cipher !== 'AES-256-GCM' ||
    typeof iterations !== 'number' ||
    !Number.isSafeInteger(iterations) ||
    iterations < COFFER_EXPORT_ITERATIONS ||
    !salt ||
    salt.length < COFFER_EXPORT_SALT_BYTES ||
    !check ||
    !data
  )
    throw new ImportError('damaged', DAMAGED);
  // Checked before any work: a damaged or hostile file cannot hold the tab for minutes.
  if (iterations > COFFER_EXPORT_MAX_ITERATIONS)
    throw new ImportError(
      'too-large',
      "This export's key derivation asks for more work than Coffer ever writes, so it is not opened.",
    );
  return { salt, iterations, check, data };
}

async function openFile(
  key: CryptoKey,
  files: Record<string, Uint8Array>,
  listed: Record<string, unknown> | undefined,
): Promise<SourceAttachment | null> {
  const entry = text(listed?.entry);
  const sealed = entry.startsWith(COFFER_EXPORT_FILES_FOLDER) ? files[entry] : undefined;
  if (!listed || !sealed) return null;
  const data = await openCofferExportPart(key, entry, sealed);
  if (!data) return null;
  const mediaType = text(listed.mediaType);
  return { name: text(listed.name), data, ...(mediaType ? { mediaType } : {}) };
}

const KIND_OF: Record<SecretCategory, SourceItem['kind']> = {
  password: 'login',
  note: 'note',
  telephone: 'other',
  address: 'other',
};

function toSourceItem(
  secret: Record<string, unknown>,
  ref: string,
  category: SecretCategory,
  raw: Record<string, unknown>,
  attachments: SourceAttachment[],
): SourceItem {
  // The payload is read as the viewer reads an opened one: known shapes only, whoever wrote the file.
  const { attachments: _refs, ...rest } = normalisePayload(category, raw) as SecretPayload;
  const payload = rest as SecretPayload;
  const login = category === 'password' ? (payload as PasswordPayload) : undefined;
  const fields: SourceField[] = [
    ...categoryFields(category, payload).map(([name, value]) => ({ name, value, hidden: false })),
    ...(payload.fields ?? []).map((field) => ({
      name: field.name,
      value: field.value,
      hidden: field.kind === 'hidden',
    })),
  ];
  const id = text(secret.id);
  const createdAt = text(secret.createdAt);
  const updatedAt = text(secret.updatedAt);
  const chest = text(record(secret.chest)?.name);
  return sourceItem(ref, {
    ...(id ? { sourceId: id } : {}),
    kind: KIND_OF[category],
    title: text(secret.name),
    username: login?.username ?? '',
    password: login?.password ?? '',
    urls: login ? [login.url, ...(login.moreUrls ?? []).map((url) => url.url)].filter(Boolean) : [],
    notes: payload.note,
    totp: login?.totp ?? '',
    fields,
    passwordHistory: (payload.history ?? [])
      .filter((past) => past.field === 'password')
      .map((past) => ({ password: past.value, ...(past.changedAt ? { changedAt: past.changedAt } : {}) })),
    container: chest ? [chest] : [],
    attachments,
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    coffer: { category, payload },
  });
}
