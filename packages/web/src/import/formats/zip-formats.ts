import { cofferExport } from './coffer-export.js';
import type { ImportFormat } from './import-format.js';
import { onePasswordPux } from './onepassword-1pux.js';
import { onePasswordOpvault } from './onepassword-opvault.js';

// The zip archives, loaded only for a file that is a zip (fflate), most specific first.
export const formats: readonly ImportFormat[] = [cofferExport, onePasswordPux, onePasswordOpvault];
