import { describe, expect, it } from 'vitest';
import { sampleText } from '../test/import-samples.js';
import { parseExport } from './detect-format.js';
import { planBuilder, planImport, planImportReleasing } from './import-plan.js';

describe('a plan built batch by batch', () => {
  it('is the plan of the whole file: the same drafts, fingerprints, counts and containers', async () => {
    const file = await parseExport(sampleText('bitwarden-json', 'bitwarden.json'));
    const builder = planBuilder();
    await builder.add(file.format, file.items.slice(0, 5));
    await builder.add(file.format, file.items.slice(5));
    const batched = await builder.finish({ ...file, items: [] });
    expect(batched).toEqual(await planImport(file));
    expect(batched.drafts).toHaveLength(file.items.length);
  });

  it('is the same plan when the file’s items are dropped as they are drafted (the wizard’s way)', async () => {
    const text = sampleText('bitwarden-json', 'bitwarden.json');
    const file = await parseExport(text);
    const count = file.items.length;
    const released = await planImportReleasing(file);
    expect(file.items).toEqual([]);
    expect(released.drafts).toHaveLength(count);
    expect(released).toEqual(await planImport(await parseExport(text)));
  });
});
