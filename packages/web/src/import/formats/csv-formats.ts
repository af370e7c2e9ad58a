import { readCsv } from '../read-csv.js';
import { bitwardenCsv, bitwardenOrganisationCsv } from './bitwarden-csv.js';
import { chromeCsv, firefoxCsv, safariCsv } from './browser-csv.js';
import { buttercupCsv } from './buttercup-csv.js';
import { dashlaneCsv } from './dashlane-csv.js';
import type { FileSample, ImportFormat } from './import-format.js';
import { keePassCsv } from './keepass-csv.js';
import { keePassXcCsv } from './keepassxc-csv.js';
import { keeperCsv } from './keeper-csv.js';
import { lastPassCsv } from './lastpass-csv.js';
import { mykiCsv } from './myki-csv.js';
import { netwrixPasswordSecureCsv } from './netwrix-passwordsecure-csv.js';
import { nordPassCsv } from './nordpass-csv.js';
import { onePasswordCsv } from './onepassword-csv.js';
import { padlockCsv } from './padlock-csv.js';
import { roboFormCsv } from './roboform-csv.js';
import { safeInCloudCsv } from './safeincloud-csv.js';
import { zohoVaultCsv } from './zoho-vault-csv.js';

// The CSV exports (Papa Parse), most specific first; Keeper's, with no header row, last of all.
export const formats: readonly ImportFormat[] = [
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

/** The sample with its CSV header (lower-cased), which the CSV formats detect by; none when it is not CSV. */
export function prepare(sample: FileSample): FileSample {
  if (sample.json !== undefined || sample.csvHeader !== undefined || sample.text === '') return sample;
  try {
    return { ...sample, csvHeader: readCsv(sample.text).header };
  } catch {
    return sample;
  }
}
