import { bitwardenJson } from './bitwarden-json.js';
import { bitwardenJsonEncrypted } from './bitwarden-json-encrypted.js';
import { dashlaneJson } from './dashlane-json.js';
import { enpassJson } from './enpass-json.js';
import type { ImportFormat } from './import-format.js';
import { keeperJson } from './keeper-json.js';
import { onePasswordPif } from './onepassword-1pif.js';
import { onePasswordPux } from './onepassword-1pux.js';
import { passkyJson } from './passky-json.js';
import { passmanJson } from './passman-json.js';
import { protonPassJson } from './protonpass-json.js';
import { psonoJson } from './psono-json.js';

// The JSON exports (and 1PIF, JSON records between separator lines), most specific first. 1PUX is
// here too: its export.data alone is JSON.
export const formats: readonly ImportFormat[] = [
  onePasswordPux,
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
];
