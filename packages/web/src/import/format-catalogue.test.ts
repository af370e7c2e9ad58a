import { describe, expect, it } from 'vitest';
import { FORMAT_CATALOGUE, type FormatFamily } from './format-catalogue.js';
import { loadFamily } from './load-formats.js';

const FAMILIES: FormatFamily[] = ['kdbx', 'zip', 'json', 'xml', 'csv'];

describe('the format catalogue', () => {
  it('names every format of every family, with its parser’s id and name, in detection order', async () => {
    for (const family of FAMILIES) {
      const loaded = (await loadFamily(family)).formats;
      const listed = FORMAT_CATALOGUE.filter((entry) => entry.family === family);
      expect(
        loaded.filter((format) => listed.some((entry) => entry.id === format.id)).map((f) => [f.id, f.name]),
      ).toEqual(listed.map((entry) => [entry.id, entry.name]));
      // A format a family detects but loads from another (1PUX's export.data among the JSON) is listed there.
      for (const format of loaded) expect(FORMAT_CATALOGUE.map((entry) => entry.id)).toContain(format.id);
    }
    expect(new Set(FORMAT_CATALOGUE.map((entry) => entry.id)).size).toBe(FORMAT_CATALOGUE.length);
  });
});
