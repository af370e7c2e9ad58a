import { ImportError } from '../import-error.js';
import { record, text } from '../json-values.js';
import type { SourceFile } from '../source-item.js';
import { bitwardenSourceFile, isBitwardenExport } from './bitwarden-json.js';
import type { FileSample, ImportFormat, OpenOptions } from './import-format.js';

// Bitwarden's password-protected export (clients' BitwardenPasswordProtectedImporter): a key is derived
// from the password and the file's salt (PBKDF2-SHA256, or Argon2id over the salt's SHA-256), stretched
// by HKDF-expand into an AES key and an HMAC key; `encKeyValidation_DO_NOT_EDIT` and `data` are
// EncStrings "2.iv|ciphertext|mac" (AES-256-CBC, then HMAC-SHA256 over iv and ciphertext).
const PBKDF2 = 0;
const ARGON2ID = 1;

// Bitwarden's own upper bounds for its KDF settings: whatever Bitwarden writes opens, and a damaged or
// hostile file cannot ask a browser tab for hours of work or gigabytes of memory.
const MAX_PBKDF2_ITERATIONS = 2_000_000;
const MAX_ARGON2_ITERATIONS = 10;
const MAX_ARGON2_MEMORY_MIB = 1024;
const MAX_ARGON2_PARALLELISM = 16;

const DAMAGED = 'The Bitwarden export is damaged: its encryption settings cannot be read.';
const TOO_COSTLY =
  "This export's key derivation settings are beyond what Bitwarden allows, so a browser cannot open it. Export it again from Bitwarden.";

/** Bitwarden's JSON export protected by a password of its own ("Password protected" in Bitwarden's export). */
export const bitwardenJsonEncrypted: ImportFormat = {
  id: 'bitwarden-json-encrypted',
  name: 'Bitwarden (password-protected json)',
  protected: true,
  detect: ({ json }) =>
    record(json)?.encrypted === true &&
    (record(json)?.passwordProtected !== undefined || isBitwardenExport(json)),
  parse: (sample: FileSample, options: OpenOptions) => openExport(sample, options),
};

const ACCOUNT_RESTRICTED =
  'This Bitwarden export is account restricted: only that Bitwarden account can open it. Export again from Bitwarden choosing "Password protected", or an unencrypted JSON export.';

interface KdfSettings {
  salt: string;
  type: number;
  iterations: number;
  memory: number;
  parallelism: number;
}

interface Keys {
  encryption: CryptoKey;
  authentication: CryptoKey;
}

async function openExport(sample: FileSample, options: OpenOptions): Promise<SourceFile> {
  const file = record(sample.json);
  if (!file) throw new ImportError('damaged', DAMAGED);
  // An export sealed with the Bitwarden account's own key opens only in that account.
  if (file.passwordProtected !== true) throw new ImportError('unknown-format', ACCOUNT_RESTRICTED);
  if (!options.password)
    throw new ImportError('needs-password', 'This file is protected: give its password.');
  const kdf = kdfSettings(file);
  const keys = await stretched(await derivedKey(options.password, kdf));
  const validation = text(file.encKeyValidation_DO_NOT_EDIT);
  // The validation string exists to tell a wrong password from a damaged file; older exports lack it.
  if (validation && (await decrypted(validation, keys)) === null)
    throw new ImportError('wrong-password', 'The password is not right for this file.');
  const plain = await decrypted(text(file.data), keys);
  if (plain === null) {
    if (validation)
      throw new ImportError('damaged', 'The Bitwarden export is damaged: its data cannot be decrypted.');
    throw new ImportError('wrong-password', 'The password is not right for this file.');
  }
  let content: unknown;
  try {
    content = JSON.parse(new TextDecoder().decode(plain));
  } catch {
    throw new ImportError('damaged', 'The Bitwarden export is damaged: its decrypted data is not JSON.');
  }
  const data = record(content);
  if (!data || !isBitwardenExport(data)) throw new ImportError('damaged', 'This is not a Bitwarden export.');
  return bitwardenSourceFile(data, bitwardenJsonEncrypted.id);
}

function kdfSettings(file: Record<string, unknown>): KdfSettings {
  const whole = (value: unknown) =>
    Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : 0;
  const settings = {
    salt: text(file.salt),
    type: file.kdfType === undefined ? PBKDF2 : Number(file.kdfType),
    iterations: whole(file.kdfIterations),
    memory: whole(file.kdfMemory),
    parallelism: whole(file.kdfParallelism),
  };
  const argon2 = settings.type === ARGON2ID;
  if (
    !settings.salt ||
    (settings.type !== PBKDF2 && !argon2) ||
    settings.iterations === 0 ||
    (argon2 && (settings.memory === 0 || settings.parallelism === 0))
  )
    throw new ImportError('damaged', DAMAGED);
  if (
    argon2
      ? settings.iterations > MAX_ARGON2_ITERATIONS ||
        settings.memory > MAX_ARGON2_MEMORY_MIB ||
        settings.parallelism > MAX_ARGON2_PARALLELISM
      : settings.iterations > MAX_PBKDF2_ITERATIONS
  )
    throw new ImportError('too-large', TOO_COSTLY);
  return settings;
}

const utf8 = (value: string) => new TextEncoder().encode(value);

async function derivedKey(password: string, kdf: KdfSettings): Promise<Uint8Array<ArrayBuffer>> {
  if (kdf.type === PBKDF2) {
    const base = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: utf8(kdf.salt), iterations: kdf.iterations },
      base,
      256,
    );
    return new Uint8Array(bits);
  }
  const salt = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(kdf.salt)));
  // hash-wasm is loaded only for an Argon2id export (most use PBKDF2, which WebCrypto has).
  const { argon2id } = await import('hash-wasm');
  try {
    const hash = await argon2id({
      password: utf8(password),
      salt,
      iterations: kdf.iterations,
      memorySize: kdf.memory * 1024,
      parallelism: kdf.parallelism,
      hashLength: 32,
      outputType: 'binary',
    });
    return new Uint8Array(hash);
  } catch {
    // hash-wasm refuses settings Argon2 does not allow (less memory than 8 KiB per lane).
    throw new ImportError('damaged', DAMAGED);
  }
}

// HKDF-expand with one output block each: T(1) = HMAC(key, info || 0x01).
async function stretched(key: Uint8Array<ArrayBuffer>): Promise<Keys> {
  const prk = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expand = async (info: string) =>
    new Uint8Array(await crypto.subtle.sign('HMAC', prk, new Uint8Array([...utf8(info), 1])));
  return {
    encryption: await crypto.subtle.importKey('raw', await expand('enc'), 'AES-CBC', false, ['decrypt']),
    authentication: await crypto.subtle.importKey(
      'raw',
      await expand('mac'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    ),
  };
}

/** An EncString's plaintext; null when its MAC does not match (a wrong key, or damage). */
async function decrypted(encString: string, keys: Keys): Promise<Uint8Array | null> {
  const match = /^2\.([^|]*)\|([^|]*)\|([^|]*)$/.exec(encString);
  const [iv, data, mac] = match ? [base64(match[1]), base64(match[2]), base64(match[3])] : [];
  if (!iv || !data || !mac || iv.length !== 16) throw new ImportError('damaged', DAMAGED);
  const signed = new Uint8Array(iv.length + data.length);
  signed.set(iv);
  signed.set(data, iv.length);
  if (!(await crypto.subtle.verify('HMAC', keys.authentication, mac, signed))) return null;
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, keys.encryption, data));
  } catch {
    // Authenticated but not decryptable (bad padding): only a writer's bug does this.
    throw new ImportError('damaged', DAMAGED);
  }
}

function base64(value: string | undefined): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(value ?? ''), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}
