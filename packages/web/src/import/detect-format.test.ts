import { describe, expect, it } from 'vitest';
import { BINARY_SAMPLES, SUPPORTED_SAMPLES, sampleBytes, sampleText } from '../test/import-samples.js';
import { detectFormat, IMPORT_FORMATS, parseExport, sampleOf } from './detect-format.js';
import { ImportError } from './import-error.js';

describe('format detection', () => {
  it.each(SUPPORTED_SAMPLES)('names %s for %s/%s', (format, folder, file) => {
    expect(detectFormat(sampleOf(sampleText(folder, file))).id).toBe(format);
  });

  it.each(BINARY_SAMPLES)('names %s for %s/%s (bytes)', (format, folder, file) => {
    expect(detectFormat(sampleOf(sampleBytes(folder, file))).id).toBe(format);
  });

  it('does not take a look-alike for a format it reads (1Password 8 CSV is not Safari)', () => {
    expect(detectFormat(sampleOf(sampleText('1password-csv', '1password8.csv'))).id).toBe('1password-csv');
  });

  it('names an unknown format as such, with the list of supported ones', async () => {
    const error = await parseExport('just some words\nand more words\n').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).kind).toBe('unknown-format');
    expect((error as Error).message).toMatch(
      /^This file is not in a format Coffer can import\. Supported: KeePass \(kdbx\), /,
    );
    for (const format of IMPORT_FORMATS) expect((error as Error).message).toContain(format.name);
  });

  it('says a JSON file cut short is damaged, without echoing its content', async () => {
    const cut = sampleText('bitwarden-json', 'bitwarden.json').slice(0, 900);
    await expect(parseExport(cut)).rejects.toThrow(
      'The file looks like JSON but cannot be read: it may be cut short or damaged.',
    );
  });
});
