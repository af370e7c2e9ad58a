import type { FormatFamily } from './format-catalogue.js';
import type { FileSample, ImportFormat } from './formats/import-format.js';

/** One family's parsers, and what it adds to a sample before detecting (the CSV header). */
export interface LoadedFamily {
  formats: readonly ImportFormat[];
  prepare?: (sample: FileSample) => FileSample;
}

/**
 * A family's module, fetched on first use: each is its own chunk, so a file loads only its own
 * family's parsers and libraries (a CSV never loads kdbxweb, hash-wasm, fast-xml-parser or fflate).
 */
export function loadFamily(family: FormatFamily): Promise<LoadedFamily> {
  switch (family) {
    case 'kdbx':
      return import('./formats/kdbx-formats.js');
    case 'zip':
      return import('./formats/zip-formats.js');
    case 'json':
      return import('./formats/json-formats.js');
    case 'xml':
      return import('./formats/xml-formats.js');
    case 'csv':
      return import('./formats/csv-formats.js');
  }
}
