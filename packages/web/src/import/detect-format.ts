import { FORMAT_CATALOGUE, type FormatFamily } from './format-catalogue.js';
import type { FileSample, ImportFormat, OpenOptions } from './formats/import-format.js';
import { ImportError } from './import-error.js';
import { loadFamily } from './load-formats.js';
import type { SourceFile } from './source-item.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
// KeePass 2's signature (kdbx 3.1 and 4): the family is known from these eight bytes, without kdbxweb.
const KDBX_SIGNATURE = [0x03, 0xd9, 0xa2, 0x9a, 0x67, 0xfb, 0x4b, 0xb5];
// 1PIF's record separator on a line of its own (formats/onepassword-1pif.ts reads it).
const PIF_SEPARATOR_LINE = /^\*{3}5642bee8-a5ff-11dc-8314-0800200c9a66\*{3}\r?$/m;

/**
 * What detection reads: a zip or KeePass database as bytes; else the text, and its JSON when it is
 * JSON. The CSV header is added by the CSV family (formats/csv-formats.ts), which alone needs Papa Parse.
 */
export function sampleOf(input: string | Uint8Array): FileSample {
  // Text given as text has no binary container to find, so it is not copied into bytes.
  const bytes = typeof input === 'string' ? new Uint8Array() : input;
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return { bytes, text: '', zip: true };
  if (KDBX_SIGNATURE.every((byte, index) => bytes[index] === byte)) return { bytes, text: '' };
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  // A 1PIF file is JSON records between separator lines: JSON, but not one document.
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{') && PIF_SEPARATOR_LINE.test(text)) return { bytes, text };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { bytes, text, json: JSON.parse(trimmed) };
    } catch {
      throw new ImportError(
        'damaged',
        'The file looks like JSON but cannot be read: it may be cut short or damaged.',
      );
    }
  }
  return { bytes, text };
}

// The families a sample can be, in the order their formats are tried (the catalogue's order).
function familiesOf(sample: FileSample): FormatFamily[] {
  if (sample.zip) return ['zip'];
  if (sample.text === '') return sample.bytes.length > 0 ? ['kdbx'] : ['csv'];
  const trimmed = sample.text.replace(/^\uFEFF/, '').trimStart();
  if (sample.json !== undefined || trimmed.startsWith('{')) return ['json'];
  return trimmed.startsWith('<') ? ['xml', 'csv'] : ['csv'];
}

/** The unknown-format refusal, naming every supported format. */
export function unknownFormat(): ImportError {
  return new ImportError(
    'unknown-format',
    `This file is not in a format Coffer can import. Supported: ${FORMAT_CATALOGUE.map((f) => f.name).join(', ')}.`,
  );
}

/** A detected format and the sample as its family prepared it. */
export interface Detected {
  format: ImportFormat;
  sample: FileSample;
}

/**
 * The format of a file, from its content, loading only the families its shape allows; an unknown
 * one is named as such with the list of supported ones.
 */
export async function detectFormat(sample: FileSample): Promise<Detected> {
  for (const family of familiesOf(sample)) {
    const loaded = await loadFamily(family);
    const prepared = loaded.prepare ? loaded.prepare(sample) : sample;
    const found = loaded.formats.find((format) => format.detect(prepared));
    if (found) return { format: found, sample: prepared };
  }
  throw unknownFormat();
}

/** A format chosen by id, from its family's module. */
export async function chosenFormat(id: string, sample: FileSample): Promise<Detected> {
  const entry = FORMAT_CATALOGUE.find((format) => format.id === id);
  if (!entry) throw new ImportError('unknown-format', `Unknown import format: ${id}.`);
  const loaded = await loadFamily(entry.family);
  const format = loaded.formats.find((candidate) => candidate.id === id);
  if (!format) throw new ImportError('unknown-format', `Unknown import format: ${id}.`);
  return { format, sample: loaded.prepare ? loaded.prepare(sample) : sample };
}

/** How parseExport reads a file: a format chosen instead of detected, and what opens a protected one. */
export interface ParseOptions extends OpenOptions {
  format?: string;
}

/** Reads an export: detects its format (or takes the one given) and maps every item. */
export async function parseExport(
  input: string | Uint8Array,
  options: ParseOptions = {},
): Promise<SourceFile> {
  const { format: formatId, ...open } = options;
  const sample = sampleOf(input);
  const found = formatId ? await chosenFormat(formatId, sample) : await detectFormat(sample);
  return found.format.parse(found.sample, open);
}
