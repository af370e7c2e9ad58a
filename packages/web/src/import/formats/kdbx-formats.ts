import type { ImportFormat } from './import-format.js';
import { keePassKdbx } from './keepass-kdbx.js';

// The KeePass database family, loaded only for a file with KeePass's signature (kdbxweb, hash-wasm).
export const formats: readonly ImportFormat[] = [keePassKdbx];
