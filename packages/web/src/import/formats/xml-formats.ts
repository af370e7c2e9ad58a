import type { ImportFormat } from './import-format.js';
import { keePassXml } from './keepass-xml.js';
import { passwordDepotXml } from './password-depot-xml.js';
import { pwsafeXml } from './pwsafe-xml.js';
import { safeInCloudXml } from './safeincloud-xml.js';

// The XML exports (fast-xml-parser; KeePass's through kdbxweb), loaded for a text starting with '<'.
export const formats: readonly ImportFormat[] = [keePassXml, pwsafeXml, safeInCloudXml, passwordDepotXml];
