import { bitwardenCsv, bitwardenOrganisationCsv } from './formats/bitwarden-csv.js';
import { bitwardenJson } from './formats/bitwarden-json.js';
import { bitwardenJsonEncrypted } from './formats/bitwarden-json-encrypted.js';
import { chromeCsv, firefoxCsv, safariCsv } from './formats/browser-csv.js';
import { buttercupCsv } from './formats/buttercup-csv.js';
import { cofferExport } from './formats/coffer-export.js';
import { dashlaneCsv } from './formats/dashlane-csv.js';
import { dashlaneJson } from './formats/dashlane-json.js';
import { enpassJson } from './formats/enpass-json.js';
import type { FileSample, ImportFormat, OpenOptions } from './formats/import-format.js';
import { keePassCsv } from './formats/keepass-csv.js';
import { keePassKdbx } from './formats/keepass-kdbx.js';
import { keePassXml } from './formats/keepass-xml.js';
import { keePassXcCsv } from './formats/keepassxc-csv.js';
import { keeperCsv } from './formats/keeper-csv.js';
import { keeperJson } from './formats/keeper-json.js';
import { lastPassCsv } from './formats/lastpass-csv.js';
import { mykiCsv } from './formats/myki-csv.js';
import { netwrixPasswordSecureCsv } from './formats/netwrix-passwordsecure-csv.js';
import { nordPassCsv } from './formats/nordpass-csv.js';
import { onePasswordPif } from './formats/onepassword-1pif.js';
import { onePasswordPux } from './formats/onepassword-1pux.js';
import { onePasswordCsv } from './formats/onepassword-csv.js';
import { onePasswordOpvault } from './formats/onepassword-opvault.js';
import { padlockCsv } from './formats/padlock-csv.js';
import { passkyJson } from './formats/passky-json.js';
import { passmanJson } from './formats/passman-json.js';
import { passwordDepotXml } from './formats/password-depot-xml.js';
import { protonPassJson } from './formats/protonpass-json.js';
import { psonoJson } from './formats/psono-json.js';
import { pwsafeXml } from './formats/pwsafe-xml.js';
import { roboFormCsv } from './formats/roboform-csv.js';
import { safeInCloudCsv } from './formats/safeincloud-csv.js';
import { safeInCloudXml } from './formats/safeincloud-xml.js';
import { zohoVaultCsv } from './formats/zoho-vault-csv.js';
import { ImportError } from './import-error.js';
import { readCsv } from './read-csv.js';
import type { SourceFile } from './source-item.js';

/** Every format Coffer reads, most specific first (the first whose detection matches wins). */
export const IMPORT_FORMATS: readonly ImportFormat[] = [
  keePassKdbx,
  cofferExport,
  onePasswordPux,
  onePasswordOpvault,
  onePasswordPif,
  enpassJson,
  protonPassJson,
  psonoJson,
  passmanJson,
  passkyJson,
  bitwardenJson,
  bitwardenJsonEncrypted,
  dashlaneJson,
  keeperJson,
  keePassXml,
  pwsafeXml,
  safeInCloudXml,
  passwordDepotXml,
  bitwardenCsv,
  bitwardenOrganisationCsv,
  lastPassCsv,
  onePasswordCsv,
  dashlaneCsv,
  nordPassCsv,
  mykiCsv,
  keePassCsv,
  buttercupCsv,
  padlockCsv,
  safeInCloudCsv,
  zohoVaultCsv,
  roboFormCsv,
  netwrixPasswordSecureCsv,
  firefoxCsv,
  keePassXcCsv,
  safariCsv,
  chromeCsv,
  keeperCsv,
];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** What detection reads: a zip as bytes; else the JSON when the text is JSON, or the header when it reads as CSV. */
export function sampleOf(input: string | Uint8Array): FileSample {
  // Text given as text has no binary container to find, so it is not copied into bytes.
  const bytes = typeof input === 'string' ? new Uint8Array() : input;
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return { bytes, text: '', zip: true };
  if (keePassKdbx.detect({ bytes, text: '' })) return { bytes, text: '' };
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  // A 1PIF file is JSON records between separator lines: JSON, but not one document.
  if (onePasswordPif.detect({ bytes, text })) return { bytes, text };
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
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
  try {
    return { bytes, text, csvHeader: readCsv(text).header };
  } catch {
    return { bytes, text };
  }
}

/** The format of a file, from its content; an unknown one is named as such with the list of supported ones. */
export function detectFormat(sample: FileSample): ImportFormat {
  const found = IMPORT_FORMATS.find((format) => format.detect(sample));
  if (found) return found;
  throw new ImportError(
    'unknown-format',
    `This file is not in a format Coffer can import. Supported: ${IMPORT_FORMATS.map((f) => f.name).join(', ')}.`,
  );
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
  const format = formatId ? IMPORT_FORMATS.find((f) => f.id === formatId) : detectFormat(sample);
  if (!format) throw new ImportError('unknown-format', `Unknown import format: ${formatId}.`);
  return format.parse(sample, open);
}
