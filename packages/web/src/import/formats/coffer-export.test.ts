import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCofferExport } from '../../secret-export/coffer-export-file.js';
import type { ExportRecord } from '../../secret-export/export-record.js';
import { payloadWithoutFiles } from '../../secret-export/export-record.js';
import { richerLoginPayload } from '../../test/richer-payload-fixture.js';
import { detectFormat, parseExport, sampleOf } from '../detect-format.js';
import { ImportError } from '../import-error.js';
import type { SourceFile } from '../source-item.js';
import { toSecretDraft } from '../to-secret-draft.js';
import { cofferExport } from './coffer-export.js';
import { COFFER_EXPORT_ENTRY, COFFER_EXPORT_ITERATIONS } from './coffer-export-format.js';

// The writer (secret-export) and this reader meet here, in Node: WebCrypto under jsdom refuses
// jsdom's byte arrays (docs/import.md, "Readings").

const PASSWORD = 'a long export pässword ☂';
const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const infra = { id: '0b0e4bd6-6f5d-4c1a-9df0-000000000001', name: 'Infra' };
const office = { id: '0b0e4bd6-6f5d-4c1a-9df0-000000000002', name: 'Office: Zürich' };

const pem = strToU8('-----BEGIN KEY-----\nAAAA\n-----END KEY-----\n');
const binary = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 31) % 256);

const records: ExportRecord[] = [
  {
    id: '7d1f0f7e-0000-4000-8000-000000000001',
    chest: infra,
    name: 'AWS root',
    category: 'password',
    payload: {
      ...richerLoginPayload(),
      importedFrom: { format: 'bitwarden-json', sourceId: 'bw-1', fingerprint: 'ab'.repeat(32) },
      attachments: [
        {
          id: 'att-1',
          name: 'root-key.pem',
          size: pem.length,
          mediaType: 'application/x-pem-file',
          key: KEY,
        },
        { id: 'att-2', name: 'blob.bin', size: binary.length, mediaType: '', key: KEY },
        { id: 'att-3', name: 'empty.txt', size: 0, mediaType: 'text/plain', key: KEY },
      ],
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: '7d1f0f7e-0000-4000-8000-000000000002',
    chest: office,
    name: 'Reception',
    category: 'telephone',
    payload: { country: '41', number: '445551234', extension: '12', note: 'Empfang' },
  },
  {
    id: '7d1f0f7e-0000-4000-8000-000000000003',
    chest: office,
    name: 'Office',
    category: 'address',
    payload: {
      addressOne: 'Bahnhofstrasse 1',
      addressTwo: '',
      addressThree: '',
      addressFour: 'Zürich',
      postalCode: '8001',
      country: 'CH',
      note: '',
      fields: [{ name: 'Door code', kind: 'hidden', value: '2468' }],
    },
  },
  {
    id: '7d1f0f7e-0000-4000-8000-000000000004',
    chest: infra,
    name: 'Alarm',
    category: 'note',
    payload: { note: 'code 1234\nline two' },
  },
];

const files = new Map<string, Uint8Array>([
  ['att-1', pem],
  ['att-2', binary],
  ['att-3', new Uint8Array()],
]);

async function written(): Promise<Uint8Array> {
  const { file, files: count } = await writeCofferExport(
    { chests: [infra, office], records, files, exportedAt: '2026-03-01T00:00:00.000Z' },
    PASSWORD,
  );
  expect(count).toBe(3);
  expect(file.type).toBe('application/zip');
  return new Uint8Array(await file.arrayBuffer());
}

function rezipped(archive: Uint8Array, change: (entries: Record<string, Uint8Array>) => void): Uint8Array {
  const entries = unzipSync(archive);
  change(entries);
  return zipSync(entries, { level: 0 });
}

function withEnvelope(archive: Uint8Array, change: (envelope: Record<string, unknown>) => void): Uint8Array {
  return rezipped(archive, (entries) => {
    const envelope = JSON.parse(strFromU8(entries[COFFER_EXPORT_ENTRY] ?? new Uint8Array()));
    change(envelope);
    entries[COFFER_EXPORT_ENTRY] = strToU8(JSON.stringify(envelope));
  });
}

async function refusal(input: Uint8Array, password?: string): Promise<ImportError> {
  const error = await parseExport(input, password === undefined ? {} : { password }).catch(
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

let archive: Uint8Array;
let read: SourceFile;

beforeAll(async () => {
  archive = await written();
  read = await parseExport(archive, { password: PASSWORD });
}, 60_000);

describe('the Coffer export', () => {
  it('is a zip of the envelope and one sealed entry per file, with nothing in the clear', () => {
    const entries = unzipSync(archive);
    expect(Object.keys(entries).sort()).toEqual([COFFER_EXPORT_ENTRY, 'files/1', 'files/2', 'files/3']);
    const envelope = JSON.parse(strFromU8(entries[COFFER_EXPORT_ENTRY] ?? new Uint8Array()));
    expect(envelope).toMatchObject({
      format: 'coffer-export',
      version: 1,
      cipher: 'AES-256-GCM',
      kdf: { name: 'PBKDF2-SHA256', iterations: COFFER_EXPORT_ITERATIONS },
    });
    expect(atob(envelope.kdf.salt)).toHaveLength(16);
    // Each file is iv (12) + ciphertext + tag (16).
    expect(entries['files/1']).toHaveLength(pem.length + 28);
    expect(entries['files/3']).toHaveLength(28);
    const everything = strFromU8(archive, true);
    for (const value of ['n3w-Passw0rd!', 'root@example.com', 'AWS root', 'Support PIN', 'BEGIN KEY', KEY])
      expect(everything).not.toContain(value);
  });

  it('is recognised from its content', async () => {
    expect((await detectFormat(sampleOf(archive))).format.id).toBe(cofferExport.id);
    expect(cofferExport.protected).toBe(true);
  });

  it('reads every secret back as it was stored: category, whole payload, chest, files and dates', () => {
    expect(read.format).toBe('coffer-export');
    expect(read.problems).toEqual([]);
    expect(read.items.map((item) => item.title)).toEqual(['Alarm', 'AWS root', 'Office', 'Reception']);
    for (const record of records) {
      const item = read.items.find((found) => found.sourceId === record.id);
      if (!item) throw new Error(`${record.name} was not read back`);
      expect(item.coffer).toEqual({
        category: record.category,
        payload: payloadWithoutFiles(record.payload),
      });
      expect(item.container).toEqual([record.chest.name]);
      const draft = toSecretDraft(item);
      expect(draft).toMatchObject({
        category: record.category,
        name: record.name,
        container: [record.chest.name],
      });
      expect(draft.payload).toEqual(payloadWithoutFiles(record.payload));
    }
    const aws = read.items.find((item) => item.title === 'AWS root');
    expect(aws?.attachments).toEqual([
      { name: 'root-key.pem', data: pem, mediaType: 'application/x-pem-file' },
      { name: 'blob.bin', data: binary },
      { name: 'empty.txt', data: new Uint8Array(), mediaType: 'text/plain' },
    ]);
    expect(aws).toMatchObject({
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
  });

  it('describes each secret in SourceItem terms too, for the preview', () => {
    const aws = read.items.find((item) => item.title === 'AWS root');
    expect(aws).toMatchObject({
      kind: 'login',
      username: 'root@example.com',
      password: 'n3w-Passw0rd!',
      urls: ['https://console.aws.amazon.com', 'https://signin.aws.amazon.com/', 'aws.example'],
      notes: 'break glass',
      totp: 'otpauth://totp/AWS:root?secret=JBSWY3DPEHPK3PXP&issuer=AWS',
      passwordHistory: [{ password: 'old-Passw0rd', changedAt: '2026-01-02T03:04:05.000Z' }],
    });
    expect(aws?.fields).toContainEqual({ name: 'Support PIN', value: '4711', hidden: true });
    const phone = read.items.find((item) => item.title === 'Reception');
    expect(phone?.kind).toBe('other');
    expect(phone?.fields).toEqual([
      { name: 'Country code', value: '41', hidden: false },
      { name: 'Number', value: '445551234', hidden: false },
      { name: 'Extension', value: '12', hidden: false },
    ]);
  });

  it('asks for the password, and says a wrong one is wrong', async () => {
    expect((await refusal(archive)).kind).toBe('needs-password');
    const wrong = await refusal(archive, 'not the password at all');
    expect(wrong.kind).toBe('wrong-password');
    expect(wrong.message).toBe('The password is not right for this file.');
  }, 60_000);

  it('calls altered data damaged, and names an altered file as a problem by reference only', async () => {
    const flipped = withEnvelope(archive, (envelope) => {
      const data = Uint8Array.from(atob(String(envelope.data)), (char) => char.charCodeAt(0));
      data[40] = (data[40] ?? 0) ^ 1;
      envelope.data = btoa(String.fromCharCode(...data));
    });
    expect((await refusal(flipped, PASSWORD)).kind).toBe('damaged');

    // A file moved into another's place fails its additional data; a missing one is named too.
    const swapped = rezipped(archive, (entries) => {
      const first = entries['files/1'] as Uint8Array;
      entries['files/1'] = entries['files/2'] as Uint8Array;
      entries['files/2'] = first;
      delete entries['files/3'];
    });
    const opened = await parseExport(swapped, { password: PASSWORD });
    const aws = opened.items.find((item) => item.title === 'AWS root');
    expect(aws?.attachments).toEqual([]);
    expect(opened.problems).toEqual(
      [1, 2, 3].map((n) => ({
        ref: `secret ${records[0]?.id}`,
        message: `File ${n} of this secret is missing from the export or damaged.`,
      })),
    );
    expect(JSON.stringify(opened.problems)).not.toContain('root-key');
  }, 60_000);

  it('refuses key derivation settings it never writes before any work, and another version', async () => {
    const costly = withEnvelope(archive, (envelope) => {
      (envelope.kdf as { iterations: number }).iterations = 1e9;
    });
    expect((await refusal(costly, PASSWORD)).kind).toBe('too-large');
    const weak = withEnvelope(archive, (envelope) => {
      (envelope.kdf as { iterations: number }).iterations = 1000;
    });
    expect((await refusal(weak, PASSWORD)).kind).toBe('damaged');
    const newer = withEnvelope(archive, (envelope) => {
      envelope.version = 2;
    });
    expect((await refusal(newer, PASSWORD)).kind).toBe('unknown-format');
    const broken = rezipped(archive, (entries) => {
      entries[COFFER_EXPORT_ENTRY] = strToU8('{"format":"coffer-export"');
    });
    expect((await refusal(broken, PASSWORD)).kind).toBe('damaged');
  });

  it('seals every export under a fresh salt and fresh ivs', async () => {
    const again = await written();
    const envelope = (bytes: Uint8Array) =>
      JSON.parse(strFromU8(unzipSync(bytes)[COFFER_EXPORT_ENTRY] ?? new Uint8Array()));
    expect(envelope(again).kdf.salt).not.toBe(envelope(archive).kdf.salt);
    expect(envelope(again).data).not.toBe(envelope(archive).data);
  }, 60_000);
});
