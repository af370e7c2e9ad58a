import { describe, expect, it } from 'vitest';
import { sampleBytes } from '../test/import-samples.js';
import { parseExport } from './detect-format.js';
import { ImportError } from './import-error.js';
import { BITWARDEN_STREAM_HEAD, readExport } from './read-export.js';
import type { SourceFile, SourceItem } from './source-item.js';

async function read(bytes: Uint8Array | string): Promise<{ file: SourceFile; batches: SourceItem[][] }> {
  const batches: SourceItem[][] = [];
  const file = await readExport(new Blob([typeof bytes === 'string' ? bytes : bytes.slice()]), {}, (items) =>
    batches.push(items),
  );
  return { file, batches };
}

// A Bitwarden export of n logins in two folders, written as Bitwarden writes it.
function bitwardenExport(count: number, order: 'bitwarden' | 'items-first' = 'bitwarden'): string {
  const folders = [
    { id: 'f1', name: 'Work' },
    { id: 'f2', name: 'Home' },
  ];
  const items = Array.from({ length: count }, (_, index) => ({
    id: `i${index}`,
    type: 1,
    folderId: index % 2 === 0 ? 'f1' : 'f2',
    name: `Login ${index}`,
    login: {
      username: `user${index}`,
      password: `pass${index}`,
      uris: [{ uri: `https://example.test/${index}` }],
    },
  }));
  const data = order === 'bitwarden' ? { encrypted: false, folders, items } : { items, folders };
  return JSON.stringify(data, null, 2);
}

describe('reading a chosen file', () => {
  it.each([
    ['bitwarden.json', true],
    ['bitwarden-org.json', true],
    ['bitwarden-other.json', true],
    // Written by hand for KeePassXC's tests, without `encrypted`: read whole.
    ['keepassxc-bitwarden_export.json', false],
  ])('reads Bitwarden’s %s (streamed: %s) as the whole-file reader does', async (name, streamed) => {
    const bytes = sampleBytes('bitwarden-json', name);
    const whole = await parseExport(bytes);
    const { file, batches } = await read(bytes);
    expect(BITWARDEN_STREAM_HEAD.test(new TextDecoder().decode(bytes.slice(0, 512)))).toBe(streamed);
    expect(file.items).toEqual([]);
    expect({ ...file, items: batches.flat() }).toEqual(whole);
  });

  it('hands a large export on in batches of 500, folders known to every item', async () => {
    const { file, batches } = await read(bitwardenExport(1_201));
    expect(batches.map((batch) => batch.length)).toEqual([500, 500, 201]);
    const items = batches.flat();
    expect(items[0]).toMatchObject({ title: 'Login 0', username: 'user0', container: ['Work'] });
    expect(items[1_200]).toMatchObject({ title: 'Login 1200', container: ['Work'] });
    expect(items[1]?.container).toEqual(['Home']);
    expect(file).toMatchObject({
      format: 'bitwarden-json',
      problems: [],
      skipped: { trashed: 0, notASecret: 0 },
    });
  });

  it('reads an export that does not begin as Bitwarden writes it whole, with the same result', async () => {
    const text = bitwardenExport(3, 'items-first');
    expect(BITWARDEN_STREAM_HEAD.test(text)).toBe(false);
    const { batches } = await read(text);
    expect(batches.flat()).toEqual((await parseExport(text)).items);
    expect(batches.flat()[2]?.container).toEqual(['Work']);
  });

  it('says a streamed export cut short is damaged, as the whole-file reader does', async () => {
    const text = bitwardenExport(20);
    const error = await read(text.slice(0, text.length / 2)).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({
      kind: 'damaged',
      message: 'The file looks like JSON but cannot be read: it may be cut short or damaged.',
    });
  });

  it('hands other formats’ items on in batches too', async () => {
    const csv = `name,url,username,password\n${Array.from({ length: 501 }, (_, i) => `n${i},https://a.test,u${i},p${i}`).join('\n')}\n`;
    const { file, batches } = await read(csv);
    expect(file.format).toBe('chrome-csv');
    expect(batches.map((batch) => batch.length)).toEqual([500, 1]);
  });
});
