import type { SecretCategory, SecretPayload } from '@coffer/core';
import { generateSecretKey, newSecretId, sealSecret, wrapSecretKey } from '@coffer/core';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_PRIVATE_KEY_MESSAGE } from '../crypto-client/secret-access-error.js';
import type { TestUserKeys } from '../crypto-client/testing/test-user-keys.js';
import { makeTestUserKeys } from '../crypto-client/testing/test-user-keys.js';
import { deletePrivateKey, savePrivateKey } from '../keys/key-store.js';
import { bytesOf } from '../test/blob-bytes.js';
import type { FakeAnswer, FetchCall } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import type { ExportProgress } from './export-secrets.js';
import { exportAllSecrets } from './export-secrets.js';
import { openSecretsInBatch } from './open-secrets-batch.js';

let owner: TestUserKeys;

beforeAll(async () => {
  owner = await makeTestUserKeys('u-owner');
}, 60_000);

beforeEach(async () => {
  await savePrivateKey(owner.privateKey);
});

interface StoredSecret {
  id: string;
  name: string;
  category: SecretCategory;
  vault_id: string;
  vault: { id: string; name: string };
  body: Record<string, unknown>;
}

// A secret as the server keeps it: sealed and its key wrapped for the owner, as a browser saved it.
async function storeSecret(
  chest: { id: string; name: string },
  name: string,
  category: SecretCategory,
  payload: SecretPayload,
  { wrapped = true } = {},
): Promise<StoredSecret> {
  const id = newSecretId();
  const secretKey = generateSecretKey();
  const sealed = await sealSecret({ secretId: id, revision: 1, payload, secretKey });
  const encrypted_value = await wrapSecretKey(secretKey, owner.publicKey, {
    secretId: id,
    userId: owner.userId,
  });
  return {
    id,
    name,
    category,
    vault_id: chest.id,
    vault: chest,
    body: {
      id,
      name,
      category,
      vault_id: chest.id,
      revision: 1,
      ...sealed,
      secret_key: wrapped ? { encrypted_value } : null,
      created_at: '',
      updated_at: '',
    },
  };
}

const list = <T>(items: T[]): FakeAnswer => ({ body: { items, total: items.length } });

function serve(chests: { id: string; name: string }[], secrets: StoredSecret[]): FetchCall[] {
  const table: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)> = {
    'GET /api/v1/vaults.json': list(chests),
    'GET /api/v1/secrets.json': list(
      secrets.map(({ id, name, category, vault_id, vault }) => ({ id, name, category, vault_id, vault })),
    ),
  };
  for (const secret of secrets) {
    table[`GET /api/v1/secrets/${secret.id}.json`] = secret.body.secret_key
      ? { body: secret.body }
      : { status: 404, body: { error: 'Not found' } };
  }
  return mockFetch(table);
}

// The workbook's sheets by name, each as rows of cell texts (shared or inline strings).
async function readWorkbook(file: Blob): Promise<Map<string, string[][]>> {
  const files = unzipSync(await bytesOf(file));
  const text = (path: string) => strFromU8(files[path] ?? new Uint8Array());
  const decodeXml = (value: string) =>
    value
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>(.*?)<\/si>/gs)].map((match) =>
    decodeXml([...(match[1] ?? '').matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join('')),
  );
  const names = [...text('xl/workbook.xml').matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) =>
    decodeXml(m[1] ?? ''),
  );
  const sheets = new Map<string, string[][]>();
  names.forEach((name, index) => {
    const xml = text(`xl/worksheets/sheet${index + 1}.xml`);
    const rows = [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((row) =>
      [...(row[1] ?? '').matchAll(/<c ([^>]*)>(.*?)<\/c>/gs)].map(([, attributes, inner]) => {
        if (attributes?.includes('t="s"'))
          return shared[Number(/<v>(.*?)<\/v>/.exec(inner ?? '')?.[1])] ?? '';
        return decodeXml(
          /<t[^>]*>(.*?)<\/t>/s.exec(inner ?? '')?.[1] ?? /<v>(.*?)<\/v>/.exec(inner ?? '')?.[1] ?? '',
        );
      }),
    );
    sheets.set(name, rows);
  });
  return sheets;
}

const operations = { id: 'c-ops', name: 'Operations' };
const FILE_KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const longName = { id: 'c-long', name: 'Customer Accounts: Europe [2024] and beyond' };
const empty = { id: 'c-empty', name: 'Empty chest' };

describe('exporting every secret', () => {
  it('opens each secret in the browser and writes one sheet per chest with Name, Category, JSON, Attachments', async () => {
    const secrets = [
      await storeSecret(operations, 'Mail', 'password', {
        username: 'ada',
        password: 'Tr0ub4dor&3',
        url: 'https://mail.example.com',
        note: 'Zürich ☎ <b>',
      }),
      await storeSecret(operations, 'Alarm', 'note', {
        note: 'code 1234',
        attachments: [
          { id: 'att-1', name: 'wiring.pdf', size: 10, mediaType: 'application/pdf', key: FILE_KEY },
          { id: 'att-2', name: 'codes, old.txt', size: 3, mediaType: 'text/plain', key: FILE_KEY },
        ],
      }),
      await storeSecret(longName, 'Reception', 'telephone', {
        country: '44',
        number: '2079460000',
        extension: '',
        note: '',
      }),
    ];
    const calls = serve([operations, longName, empty], secrets);
    const progress: ExportProgress[] = [];

    const result = await exportAllSecrets(owner.userId, { onProgress: (step) => progress.push(step) });

    expect(result).toMatchObject({ sheets: 3, exported: 3, skipped: 0 });
    expect(result.file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = await readWorkbook(result.file);
    expect([...workbook.keys()]).toEqual(['Operations', 'Customer Accounts_ Europe _2024', 'Empty chest']);
    expect(workbook.get('Operations')).toEqual([
      ['Name', 'Category', 'JSON', 'Attachments'],
      // The files by name; their keys stay out of the file.
      ['Alarm', 'note', JSON.stringify({ note: 'code 1234' }), 'wiring.pdf, codes, old.txt'],
      [
        'Mail',
        'password',
        JSON.stringify({
          username: 'ada',
          password: 'Tr0ub4dor&3',
          url: 'https://mail.example.com',
          note: 'Zürich ☎ <b>',
        }),
      ],
    ]);
    expect(workbook.get('Customer Accounts_ Europe _2024')?.[1]?.slice(0, 2)).toEqual([
      'Reception',
      'telephone',
    ]);
    expect(workbook.get('Empty chest')).toEqual([['Name', 'Category', 'JSON', 'Attachments']]);
    expect(JSON.stringify([...workbook.values()])).not.toContain(FILE_KEY);
    // The column widths of spec section 9.
    const sheetXml = strFromU8(
      unzipSync(await bytesOf(result.file))['xl/worksheets/sheet1.xml'] ?? new Uint8Array(),
    );
    expect([...sheetXml.matchAll(/<col [^>]*width="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([
      30, 15, 90, 40,
    ]);

    // Lists by 200 with everything; each secret fetched once; nothing decrypted was sent.
    const lists = calls.filter(
      (call) => call.path.startsWith('/api/v1/secrets.json') || call.path.startsWith('/api/v1/vaults.json'),
    );
    expect(
      lists.every((call) => call.path.includes('limit=200') && call.path.includes('everything=true')),
    ).toBe(true);
    expect(calls.filter((call) => call.path.startsWith('/api/v1/secrets/'))).toHaveLength(3);
    expect(calls.every((call) => call.method === 'GET' && call.init.body === undefined)).toBe(true);
    expect(progress[0]).toEqual({ phase: 'listing' });
    expect(progress).toContainEqual({ phase: 'opening', done: 3, total: 3 });
    expect(progress.at(-1)).toEqual({ phase: 'writing', total: 3 });
  }, 60_000);

  it('leaves out a secret whose key is missing and tells how many', async () => {
    const secrets = [
      await storeSecret(operations, 'Mail', 'note', { note: 'one' }),
      await storeSecret(operations, 'Lost', 'note', { note: 'two' }, { wrapped: false }),
    ];
    serve([operations], secrets);
    const result = await exportAllSecrets(owner.userId);
    expect(result).toMatchObject({ sheets: 1, exported: 1, skipped: 1 });
    const rows = (await readWorkbook(result.file)).get('Operations') ?? [];
    expect(rows.map((row) => row[0])).toEqual(['Name', 'Mail']);
  }, 60_000);

  it('stops without a private key in this browser', async () => {
    const secrets = [await storeSecret(operations, 'Mail', 'note', { note: 'one' })];
    serve([operations], secrets);
    await deletePrivateKey().catch(() => undefined);
    await expect(exportAllSecrets(owner.userId)).rejects.toThrow(NO_PRIVATE_KEY_MESSAGE);
  }, 60_000);
});

describe('opening secrets in a batch', () => {
  it('keeps at most `concurrency` requests in flight and answers in the order asked', async () => {
    const secrets = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        storeSecret(operations, `S${index}`, 'note', { note: `n${index}` }),
      ),
    );
    let inFlight = 0;
    let most = 0;
    const table: Record<string, (call: FetchCall) => Promise<FakeAnswer>> = {};
    for (const secret of secrets) {
      table[`GET /api/v1/secrets/${secret.id}.json`] = async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return { body: secret.body };
      };
    }
    mockFetch(table);
    const settled: number[] = [];
    const results = await openSecretsInBatch(
      secrets.map((secret) => secret.id),
      owner.userId,
      { concurrency: 3, onSettled: (done) => settled.push(done) },
    );
    expect(most).toBe(3);
    expect(results.map((result) => result.opened?.payload)).toEqual(
      secrets.map((_, index) => ({ note: `n${index}` })),
    );
    expect(settled).toEqual([1, 2, 3, 4, 5, 6, 7]);
  }, 60_000);
});
