import { describe, expect, it } from 'vitest';
import { bitwardenJson } from '../import/formats/bitwarden-json.js';
import type { SourceItem } from '../import/source-item.js';
import { richerLoginPayload } from '../test/richer-payload-fixture.js';
import { bitwardenExport, filesLeftOutOf } from './bitwarden-json-file.js';
import type { ExportRecord } from './export-record.js';

const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const infra = { id: 'c-infra', name: 'Infra' };
const office = { id: 'c-office', name: 'Office' };
const NOW = '2026-03-01T00:00:00.000Z';

const records: ExportRecord[] = [
  {
    id: 's-aws',
    chest: infra,
    name: 'AWS root',
    category: 'password',
    payload: {
      ...richerLoginPayload(),
      attachments: [{ id: 'a-1', name: 'root-key.pem', size: 3, mediaType: '', key: KEY }],
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
  },
  {
    id: 's-phone',
    chest: office,
    name: 'Reception',
    category: 'telephone',
    payload: { country: '41', number: '445551234', extension: '', note: 'Empfang' },
  },
  {
    id: 's-address',
    chest: office,
    name: 'Office',
    category: 'address',
    payload: {
      addressOne: 'Bahnhofstrasse 1',
      addressTwo: 'Floor 3',
      addressThree: '',
      addressFour: 'Zürich',
      postalCode: '8001',
      country: 'CH',
      note: '',
    },
  },
  {
    id: 's-note',
    chest: { id: 'c-new', name: 'Made meanwhile' },
    name: 'Alarm',
    category: 'note',
    payload: { note: 'code 1234' },
  },
];

/** The export as a file, read back by Coffer's own reader of Bitwarden's JSON. */
function readBack(): Map<string, SourceItem> {
  const text = JSON.stringify(bitwardenExport([infra, office], records, NOW), null, 2);
  const sample = { bytes: new Uint8Array(), text, json: JSON.parse(text) };
  expect(bitwardenJson.detect(sample)).toBe(true);
  const file = bitwardenJson.parse(sample, {});
  if (file instanceof Promise) throw new Error('The Bitwarden reader is synchronous');
  expect(file.problems).toEqual([]);
  return new Map(file.items.map((item) => [item.title, item]));
}

describe("Bitwarden's JSON export", () => {
  it('writes the shapes Bitwarden reads: folders from chests, logins, notes, an identity', () => {
    const written = bitwardenExport([infra, office], records, NOW);
    expect(written.encrypted).toBe(false);
    expect(written.folders).toEqual([infra, office, { id: 'c-new', name: 'Made meanwhile' }]);
    expect(written.items.map((item) => [item.name, item.type, item.folderId])).toEqual([
      ['AWS root', 1, 'c-infra'],
      ['Office', 4, 'c-office'],
      ['Reception', 2, 'c-office'],
      ['Alarm', 2, 'c-new'],
    ]);
    const aws = written.items[0];
    expect(aws?.login?.uris).toEqual([
      { match: 3, uri: 'https://console.aws.amazon.com' },
      { match: 2, uri: 'https://signin.aws.amazon.com/' },
      { match: 1, uri: 'aws.example' },
    ]);
    expect(aws?.fields.map((field) => [field.name, field.type, field.value])).toEqual([
      ['Account id', 0, '1234'],
      ['Support PIN', 1, '4711'],
      ['MFA enforced', 2, 'true'],
    ]);
    expect(aws).toMatchObject({
      creationDate: '2026-01-01T00:00:00.000Z',
      revisionDate: '2026-02-01T00:00:00.000Z',
    });
    expect(written.items[2]).toMatchObject({ secureNote: { type: 0 }, creationDate: NOW, revisionDate: NOW });
    // Files have no place in this format: they are counted for the notice, and no file key is written.
    expect(filesLeftOutOf(records)).toBe(1);
    expect(JSON.stringify(written)).not.toContain(KEY);
  });

  it("reads back with Coffer's own Bitwarden reader, every part the format carries", () => {
    const items = readBack();
    expect(items.get('AWS root')).toMatchObject({
      sourceId: 's-aws',
      kind: 'login',
      username: 'root@example.com',
      password: 'n3w-Passw0rd!',
      urls: ['https://console.aws.amazon.com', 'https://signin.aws.amazon.com/', 'aws.example'],
      notes: 'break glass',
      totp: 'otpauth://totp/AWS:root?secret=JBSWY3DPEHPK3PXP&issuer=AWS',
      fields: [
        { name: 'Account id', value: '1234', hidden: false },
        { name: 'Support PIN', value: '4711', hidden: true },
        { name: 'MFA enforced', value: 'true', hidden: false },
      ],
      passwordHistory: [
        { password: 'old-Passw0rd', changedAt: '2026-01-02T03:04:05.000Z' },
        { password: 'Support PIN: 0000', changedAt: '2025-12-01T00:00:00.000Z' },
      ],
      container: ['Infra'],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
    expect(items.get('Reception')).toMatchObject({
      kind: 'note',
      notes: 'Empfang',
      fields: [
        { name: 'Country code', value: '41', hidden: false },
        { name: 'Number', value: '445551234', hidden: false },
      ],
      container: ['Office'],
    });
    expect(items.get('Office')).toMatchObject({
      kind: 'identity',
      notes: '',
      fields: [
        { name: 'Address 1', value: 'Bahnhofstrasse 1', hidden: false },
        { name: 'Address 2', value: 'Floor 3', hidden: false },
        { name: 'Zip / Postal code', value: '8001', hidden: false },
        { name: 'Country', value: 'CH', hidden: false },
        { name: 'Address line 4', value: 'Zürich', hidden: false },
      ],
    });
    expect(items.get('Alarm')).toMatchObject({
      kind: 'note',
      notes: 'code 1234',
      container: ['Made meanwhile'],
    });
  });
});
