import { describe, expect, it } from 'vitest';
import { BINARY_SAMPLES, SUPPORTED_SAMPLES, sampleBytes, sampleText } from '../test/import-samples.js';
import { detectFormat, parseExport, sampleOf } from './detect-format.js';
import { FORMAT_CATALOGUE } from './format-catalogue.js';
import { ImportError } from './import-error.js';

describe('format detection', () => {
  it.each(SUPPORTED_SAMPLES)('names %s for %s/%s', async (format, folder, file) => {
    expect((await detectFormat(sampleOf(sampleText(folder, file)))).format.id).toBe(format);
  });

  it.each(BINARY_SAMPLES)('names %s for %s/%s (bytes)', async (format, folder, file) => {
    expect((await detectFormat(sampleOf(sampleBytes(folder, file)))).format.id).toBe(format);
  });

  it('does not take a look-alike for a format it reads (1Password 8 CSV is not Safari)', async () => {
    expect((await detectFormat(sampleOf(sampleText('1password-csv', '1password8.csv')))).format.id).toBe(
      '1password-csv',
    );
  });

  it('names an unknown format as such, with the list of supported ones', async () => {
    const error = await parseExport('just some words\nand more words\n').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).kind).toBe('unknown-format');
    expect((error as Error).message).toMatch(
      /^This file is not in a format Coffer can import\. Supported: KeePass \(kdbx\), /,
    );
    for (const format of FORMAT_CATALOGUE) expect((error as Error).message).toContain(format.name);
  });

  it('says a JSON file cut short is damaged, without echoing its content', async () => {
    const cut = sampleText('bitwarden-json', 'bitwarden.json').slice(0, 900);
    await expect(parseExport(cut)).rejects.toThrow(
      'The file looks like JSON but cannot be read: it may be cut short or damaged.',
    );
  });
});
