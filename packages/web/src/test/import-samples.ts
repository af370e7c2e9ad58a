import { zipSync } from 'fflate';

// Other managers' real exports live beside the repository in ../shared/import-samples/ (their licences
// forbid copying them in). The web package has no Node types, since its code runs in browsers; its
// tests run in Node, so the one call they need is typed here.
type ReadFileSync = (path: string) => Uint8Array;
type ReadDirSync = (path: string) => string[];
const fsModule = 'node:fs';
const { readFileSync, readdirSync } = (await import(/* @vite-ignore */ fsModule)) as {
  readFileSync: ReadFileSync;
  readdirSync: ReadDirSync;
};

// Through a variable: Vite rewrites `new URL('…', import.meta.url)` as an asset reference.
const here = import.meta.url;
const SAMPLES = new URL('../../../../../shared/import-samples/', here);

/** A sample's bytes, by its folder and file name (as the samples' README lists them). */
export function sampleBytes(folder: string, file: string): Uint8Array {
  return readFileSync(decodeURIComponent(new URL(`${folder}/${file}`, SAMPLES).pathname));
}

/**
 * A sample that is a folder (1Password's OPVault), zipped in memory as a user would compress it:
 * every file under `{top}/{sub}/`, named with both.
 */
export function sampleFolderZip(folder: string, top: string, sub: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const at = decodeURIComponent(new URL(`${folder}/${top}/${sub}/`, SAMPLES).pathname);
  for (const name of readdirSync(at)) files[`${top}/${sub}/${name}`] = readFileSync(`${at}${name}`);
  return zipSync(files);
}

/** A sample's text (UTF-8). */
export function sampleText(folder: string, file: string): string {
  return new TextDecoder().decode(sampleBytes(folder, file));
}

// Each sample of a format Coffer reads, by the format detection must name from its content alone.
export const SUPPORTED_SAMPLES: [format: string, folder: string, file: string][] = [
  ['bitwarden-json', 'bitwarden-json', 'bitwarden.json'],
  ['bitwarden-json', 'bitwarden-json', 'bitwarden-org.json'],
  ['bitwarden-json', 'bitwarden-json', 'bitwarden-other.json'],
  ['bitwarden-json', 'bitwarden-json', 'keepassxc-bitwarden_export.json'],
  ['bitwarden-json-encrypted', 'bitwarden-json-encrypted', 'keepassxc-bitwarden_encrypted_export.json'],
  [
    'bitwarden-json-encrypted',
    'bitwarden-json-encrypted',
    'keepassxc-bitwarden_encrypted_argon2id_export.json',
  ],
  ['bitwarden-csv', 'bitwarden-csv', 'bitwarden.csv'],
  ['bitwarden-organisation-csv', 'bitwarden-csv', 'bitwarden-org.csv'],
  ['chrome-csv', 'chrome-csv', 'chrome.csv'],
  ['chrome-csv', 'chrome-csv', 'bitwarden-android-data.csv'],
  ['chrome-csv', 'chrome-csv', 'buttercup-chrome_pass.csv'],
  ['firefox-csv', 'firefox-csv', 'firefox.csv'],
  ['firefox-csv', 'firefox-csv', 'bitwarden-firefox-accounts-data.csv'],
  ['safari-csv', 'safari-csv', 'bitwarden-simple-password-data.csv'],
  ['safari-csv', 'safari-csv', 'bitwarden-old-simple-password-data.csv'],
  ['lastpass-csv', 'lastpass-csv', 'lastpass.csv'],
  ['lastpass-csv', 'lastpass-csv', 'buttercup-lastpass.csv'],
  ['lastpass-csv', 'lastpass-csv', 'bitwarden-spec-credit-card-note.csv'],
  ['lastpass-csv', 'lastpass-csv', 'bitwarden-spec-login-totp.csv'],
  ['keepassxc-csv', 'keepassxc-csv', 'keepassx2.csv'],
  ['1password-1pux', '1password-1pux', 'bitwarden-credit-card.export.data.json'],
  ['1password-1pux', '1password-1pux', 'bitwarden-login-data.export.data.json'],
  ['1password-1pux', '1password-1pux', 'bitwarden-onepux_example.export.data.json'],
  ['1password-1pux', '1password-1pux', 'bitwarden-sanitized-export.export.data.json'],
  ['keepass-xml', 'keepass-xml', 'keepass.xml'],
  ['keepass-xml', 'keepass-xml', 'keepass-other.xml'],
  ['keepass-xml', 'keepass-xml', 'kdbxweb-demo.xml'],
  ['keepass-xml', 'keepass-xml', 'bitwarden-keepass2-testdata.xml'],
  ['1password-1pif', '1password-1pif', '1password.1pif'],
  ['1password-1pif', '1password-1pif', 'buttercup-data.1pif'],
  ['1password-csv', '1password-csv', '1password8.csv'],
  ['1password-csv', '1password-csv', 'bitwarden-multiple-items.mac.csv'],
  ['1password-csv', '1password-csv', 'bitwarden-multiple-items.windows.csv'],
  ['dashlane-csv', 'dashlane-csv', 'bitwarden-credentials.csv'],
  ['dashlane-csv', 'dashlane-csv', 'bitwarden-payments.csv'],
  ['dashlane-json', 'dashlane-json', 'dashlane.json'],
  ['keeper-csv', 'keeper-csv', 'keeper.csv'],
  ['keeper-csv', 'keeper-csv', 'bitwarden-testdata.csv'],
  ['keeper-json', 'keeper-json', 'bitwarden-testdata.json'],
  ['nordpass-csv', 'nordpass-csv', 'nordpass.csv'],
  ['enpass-json', 'enpass-json', 'enpass.json'],
  ['protonpass-json', 'protonpass-json', 'bitwarden-protonpass.json'],
  ['myki-csv', 'myki-csv', 'myki.csv'],
  ['myki-csv', 'myki-csv', 'bitwarden-user-account.csv'],
  ['keepass-csv', 'keepass-csv', 'keepass.csv'],
  ['buttercup-csv', 'buttercup-csv', 'buttercup.csv'],
  ['padlock-csv', 'padlock-csv', 'padlock.csv'],
  ['passman-json', 'passman-json', 'passman.json'],
  ['psono-json', 'psono-json', 'bitwarden-folders.json'],
  ['psono-json', 'psono-json', 'bitwarden-website-logins.json'],
  ['passky-json', 'passky-json', 'bitwarden-passky-unencrypted.json'],
  ['pwsafe-xml', 'pwsafe-xml', 'pwsafe.xml'],
  ['safeincloud-xml', 'safeincloud-xml', 'bitwarden-test-data.xml'],
  ['password-depot-xml', 'password-depot-xml', 'bitwarden-password.xml'],
  ['safeincloud-csv', 'safeincloud-csv', 'safeincloud.csv'],
  ['zoho-vault-csv', 'zoho-vault-csv', 'zoho.vault.csv'],
  ['zoho-vault-csv', 'zoho-vault-csv', 'bitwarden-sample-zohovault-data.csv'],
  ['roboform-csv', 'roboform-csv', 'roboform.csv'],
  ['roboform-csv', 'roboform-csv', 'bitwarden-with-folders.csv'],
  ['netwrix-passwordsecure-csv', 'netwrix-passwordsecure-csv', 'bitwarden-login-export.csv'],
  ['enpass-json', 'enpass-json', 'bitwarden-credit-card.json'],
  ['enpass-json', 'enpass-json', 'bitwarden-folders.json'],
  ['enpass-json', 'enpass-json', 'bitwarden-login.json'],
  ['nordpass-csv', 'nordpass-csv', 'bitwarden-nordpass.identity.csv'],
  ['nordpass-csv', 'nordpass-csv', 'bitwarden-nordpass.login.csv'],
  ['nordpass-csv', 'nordpass-csv', 'bitwarden-nordpass.secure-note.csv'],
];

/** Samples that are binary containers (zip, KDBX), read as bytes. */
export const BINARY_SAMPLES: [format: string, folder: string, file: string][] = [
  ['1password-1pux', '1password-1pux', 'keepassxc-1PasswordExport.1pux'],
  ['keepass-kdbx', 'keepass-kdbx', 'kdbxweb-KDBX4.1.kdbx'],
  ['keepass-kdbx', 'keepass-kdbx', 'keepassxc-Format300.kdbx'],
];
