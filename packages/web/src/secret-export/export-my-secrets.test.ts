import type { AttachmentRef, SecretCategory, SecretPayload } from '@coffer/core';
import { generateSecretKey, newSecretId, sealSecret, wrapSecretKey } from '@coffer/core';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentError, damagedFile } from '../crypto-client/attachment-error.js';
import { downloadAttachment } from '../crypto-client/attachment-transfer.js';
import type { TestUserKeys } from '../crypto-client/testing/test-user-keys.js';
import { makeTestUserKeys } from '../crypto-client/testing/test-user-keys.js';
import { savePrivateKey } from '../keys/key-store.js';
import { bytesOf } from '../test/blob-bytes.js';
import type { FakeAnswer } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import type { MyExportProgress } from './export-my-secrets.js';
import { exportMySecrets, myExportFileName } from './export-my-secrets.js';

// The files' own transfer is tested in crypto-client; here it answers what the export asks for.
vi.mock('../crypto-client/attachment-transfer.js', () => ({ downloadAttachment: vi.fn() }));

let me: TestUserKeys;

beforeAll(async () => {
  me = await makeTestUserKeys('u-me');
}, 60_000);

beforeEach(async () => {
  await savePrivateKey(me.privateKey);
  vi.mocked(downloadAttachment).mockReset();
});

const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const infra = { id: 'c-infra', name: 'Infra' };
const NOW = new Date('2026-03-01T10:00:00.000Z');

async function stored(name: string, category: SecretCategory, payload: SecretPayload, wrapped = true) {
  const id = newSecretId();
  const secretKey = generateSecretKey();
  const sealed = await sealSecret({ secretId: id, revision: 1, payload, secretKey });
  const encrypted_value = await wrapSecretKey(secretKey, me.publicKey, { secretId: id, userId: me.userId });
  const row = { id, name, category, vault_id: infra.id, vault: infra };
  const body = {
    ...row,
    revision: 1,
    ...sealed,
    secret_key: wrapped ? { encrypted_value } : null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-02-01T00:00:00.000Z',
  };
  return { id, row, body, wrapped };
}

async function serve(secrets: Awaited<ReturnType<typeof stored>>[]) {
  const list = <T>(items: T[]): FakeAnswer => ({ body: { items, total: items.length } });
  const table: Record<string, FakeAnswer> = {
    'GET /api/v1/vaults.json': list([infra]),
    'GET /api/v1/secrets.json': list(secrets.map((secret) => secret.row)),
  };
  for (const secret of secrets)
    table[`GET /api/v1/secrets/${secret.id}.json`] = secret.wrapped
      ? { body: secret.body }
      : { status: 404, body: { error: 'Not found' } };
  return mockFetch(table);
}

const ref = (id: string, name: string): AttachmentRef => ({
  id,
  name,
  size: 3,
  mediaType: 'text/plain',
  key: KEY,
});

describe('exporting my secrets', () => {
  it('writes Bitwarden JSON of the secrets this browser opens, counting the others and the files left out', async () => {
    const secrets = [
      await stored('Mail', 'password', {
        username: 'ada',
        password: 'Tr0ub4dor&3',
        url: 'https://mail.example.com',
        note: '',
        attachments: [ref('a-1', 'one.txt'), ref('a-2', 'two.txt')],
      }),
      await stored('Lost', 'note', { note: 'no key for me' }, false),
    ];
    const calls = await serve(secrets);
    const progress: MyExportProgress[] = [];
    const result = await exportMySecrets(
      me.userId,
      { format: 'bitwarden-json' },
      {
        now: NOW,
        onProgress: (step) => progress.push(step),
      },
    );
    expect(result).toMatchObject({
      fileName: 'coffer-bitwarden-2026-03-01.json',
      exported: 1,
      skipped: 1,
      files: 0,
      filesLeftOut: 2,
      filesDamaged: 0,
    });
    const json = JSON.parse(strFromU8(await bytesOf(result.file)));
    expect(json.folders).toEqual([infra]);
    expect(json.items).toHaveLength(1);
    expect(json.items[0]).toMatchObject({
      id: secrets[0]?.id,
      name: 'Mail',
      login: { username: 'ada', password: 'Tr0ub4dor&3' },
      creationDate: '2026-01-01T00:00:00.000Z',
    });
    expect(downloadAttachment).not.toHaveBeenCalled();
    expect(progress[0]).toEqual({ phase: 'listing' });
    expect(progress).toContainEqual({ phase: 'opening', done: 2, total: 2 });
    expect(progress.at(-1)).toEqual({ phase: 'writing' });
    // Lists every chest the user can read; nothing decrypted leaves the browser.
    expect(calls.every((call) => call.method === 'GET' && call.init.body === undefined)).toBe(true);
  }, 60_000);

  it('downloads every file for the Coffer export, counting a damaged one and leaving it out', async () => {
    const secrets = [
      await stored('Alarm', 'note', {
        note: 'code',
        attachments: [ref('a-1', 'wiring.pdf'), ref('a-2', 'broken.txt'), ref('a-3', 'plan.txt')],
      }),
    ];
    await serve(secrets);
    vi.mocked(downloadAttachment).mockImplementation(async (_secretId, file) => {
      if (file.id === 'a-2') throw damagedFile();
      const bytes = new TextEncoder().encode(file.name);
      return { arrayBuffer: async () => bytes.buffer } as unknown as Blob;
    });
    const progress: MyExportProgress[] = [];
    const result = await exportMySecrets(
      me.userId,
      { format: 'coffer-export', password: 'a long export password' },
      { now: NOW, onProgress: (step) => progress.push(step) },
    );
    expect(result).toMatchObject({
      fileName: 'coffer-export-2026-03-01.zip',
      exported: 1,
      skipped: 0,
      files: 2,
      filesLeftOut: 0,
      filesDamaged: 1,
    });
    expect(vi.mocked(downloadAttachment).mock.calls.map(([secretId, file]) => [secretId, file.id])).toEqual([
      [secrets[0]?.id, 'a-1'],
      [secrets[0]?.id, 'a-2'],
      [secrets[0]?.id, 'a-3'],
    ]);
    expect(Object.keys(unzipSync(await bytesOf(result.file))).sort()).toEqual([
      'coffer-export.json',
      'files/1',
      'files/2',
    ]);
    expect(progress).toContainEqual({ phase: 'files', done: 3, total: 3 });
  }, 60_000);

  it('stops on a file that cannot be fetched, rather than write an export that lacks it silently', async () => {
    await serve([await stored('Alarm', 'note', { note: 'code', attachments: [ref('a-1', 'wiring.pdf')] })]);
    vi.mocked(downloadAttachment).mockRejectedValue(
      new AttachmentError('failed', 'The file could not be downloaded. Please try again.'),
    );
    await expect(
      exportMySecrets(me.userId, { format: 'coffer-export', password: 'a long export password' }),
    ).rejects.toThrow('The file could not be downloaded. Please try again.');
  }, 60_000);

  it('names the files by format and day', () => {
    expect(myExportFileName('coffer-export', NOW)).toBe('coffer-export-2026-03-01.zip');
    expect(myExportFileName('bitwarden-json', NOW)).toBe('coffer-bitwarden-2026-03-01.json');
  });
});
