// Every format Coffer reads, by id and name, without its parser: what the page shows (the format
// select, the unknown-format message) and which family's module the worker loads for a format chosen
// by id. Each family is its own chunk (formats/*-formats.ts), fetched only when a file needs it, so
// neither the /import page nor a CSV import downloads kdbxweb, hash-wasm, fast-xml-parser or fflate.
// format-catalogue.test.ts holds this list to the families' own.

/** A group of formats that share a container and its reader: what one dynamic import loads. */
export type FormatFamily = 'kdbx' | 'zip' | 'json' | 'xml' | 'csv';

export interface FormatEntry {
  id: string;
  /** As the import wizard names it: the manager and the file kind. */
  name: string;
  family: FormatFamily;
}

/** In detection order: most specific first (the first whose detection matches wins). */
export const FORMAT_CATALOGUE: readonly FormatEntry[] = [
  { id: 'keepass-kdbx', name: 'KeePass (kdbx)', family: 'kdbx' },
  { id: 'coffer-export', name: 'Coffer (password-protected export)', family: 'zip' },
  { id: '1password-1pux', name: '1Password (1pux)', family: 'zip' },
  { id: '1password-opvault', name: '1Password (opvault, zipped)', family: 'zip' },
  { id: '1password-1pif', name: '1Password (1pif)', family: 'json' },
  { id: 'enpass-json', name: 'Enpass (json)', family: 'json' },
  { id: 'protonpass-json', name: 'Proton Pass (json)', family: 'json' },
  { id: 'psono-json', name: 'Psono (json)', family: 'json' },
  { id: 'passman-json', name: 'Passman (json)', family: 'json' },
  { id: 'passky-json', name: 'Passky (json)', family: 'json' },
  { id: 'bitwarden-json', name: 'Bitwarden (json)', family: 'json' },
  { id: 'bitwarden-json-encrypted', name: 'Bitwarden (password-protected json)', family: 'json' },
  { id: 'dashlane-json', name: 'Dashlane (json)', family: 'json' },
  { id: 'keeper-json', name: 'Keeper (json)', family: 'json' },
  { id: 'keepass-xml', name: 'KeePass 2 (xml)', family: 'xml' },
  { id: 'pwsafe-xml', name: 'Password Safe (xml)', family: 'xml' },
  { id: 'safeincloud-xml', name: 'SafeInCloud (xml)', family: 'xml' },
  { id: 'password-depot-xml', name: 'Password Depot (xml)', family: 'xml' },
  { id: 'bitwarden-csv', name: 'Bitwarden (csv)', family: 'csv' },
  { id: 'bitwarden-organisation-csv', name: 'Bitwarden organisation (csv)', family: 'csv' },
  { id: 'lastpass-csv', name: 'LastPass (csv)', family: 'csv' },
  { id: '1password-csv', name: '1Password (csv)', family: 'csv' },
  { id: 'dashlane-csv', name: 'Dashlane (csv)', family: 'csv' },
  { id: 'nordpass-csv', name: 'NordPass (csv)', family: 'csv' },
  { id: 'myki-csv', name: 'Myki (csv)', family: 'csv' },
  { id: 'keepass-csv', name: 'KeePass 2 (csv)', family: 'csv' },
  { id: 'buttercup-csv', name: 'Buttercup (csv)', family: 'csv' },
  { id: 'padlock-csv', name: 'Padlock (csv)', family: 'csv' },
  { id: 'safeincloud-csv', name: 'SafeInCloud (csv)', family: 'csv' },
  { id: 'zoho-vault-csv', name: 'Zoho Vault (csv)', family: 'csv' },
  { id: 'roboform-csv', name: 'RoboForm (csv)', family: 'csv' },
  { id: 'netwrix-passwordsecure-csv', name: 'Netwrix Password Secure (csv)', family: 'csv' },
  { id: 'firefox-csv', name: 'Firefox (csv)', family: 'csv' },
  { id: 'keepassxc-csv', name: 'KeePassXC (csv)', family: 'csv' },
  { id: 'safari-csv', name: 'Safari (csv)', family: 'csv' },
  { id: 'chrome-csv', name: 'Chrome or Edge (csv)', family: 'csv' },
  { id: 'keeper-csv', name: 'Keeper (csv)', family: 'csv' },
];

/** The name the wizard shows for a format id (the id itself when it is not one Coffer reads). */
export function formatName(id: string): string {
  return FORMAT_CATALOGUE.find((format) => format.id === id)?.name ?? id;
}
