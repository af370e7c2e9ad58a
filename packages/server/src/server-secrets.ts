import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Keys the server itself holds (never a user's): today the key sealing TOTP seeds at rest. */
export interface ServerSecrets {
  atRestKey: Buffer;
}

/** The settings the secrets are loaded with (SERVER_SECRET_KEY, DATA_DIR), as the loaded Config has them. */
export interface ServerSecretSettings {
  dataDir: string;
  /** base64 of 32 bytes; when null the key lives in DATA_DIR/server-secrets.json. */
  serverSecretKey: string | null;
}

const FILE_NAME = 'server-secrets.json';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = 'v1.';

/** Fresh random secrets (tests, and the first start). */
export function generateServerSecrets(): ServerSecrets {
  return { atRestKey: randomBytes(KEY_BYTES) };
}

/**
 * SERVER_SECRET_KEY when set (several servers must share it); otherwise DATA_DIR/server-secrets.json,
 * created with a random key and mode 0600 on first start.
 */
export async function loadServerSecrets(config: ServerSecretSettings): Promise<ServerSecrets> {
  if (config.serverSecretKey) return { atRestKey: decodeKey(config.serverSecretKey) };
  const file = path.join(config.dataDir, FILE_NAME);
  const existing = await readSecretsFile(file);
  if (existing) return existing;
  // DATA_DIR is its owner's only when the server makes it (it also holds the SQLite database).
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const secrets = generateServerSecrets();
  const contents = `${JSON.stringify({ version: 1, atRestKey: secrets.atRestKey.toString('base64') }, null, 2)}\n`;
  try {
    await writeFile(file, contents, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if (isErrno(error, 'EEXIST')) return (await readSecretsFile(file)) ?? secrets;
    throw error;
  }
  return secrets;
}

async function readSecretsFile(file: string): Promise<ServerSecrets | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  const key =
    typeof parsed === 'object' && parsed !== null ? (parsed as { atRestKey?: unknown }).atRestKey : null;
  if (typeof key !== 'string') throw new Error(`${FILE_NAME} has no atRestKey`);
  return { atRestKey: decodeKey(key) };
}

function decodeKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('The server secret key must be 32 bytes');
  return key;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Seals a value the server must read back later (a TOTP seed) with AES-256-GCM. `context` binds
 * the ciphertext to its place, e.g. `otp-secret:{userId}`, so it cannot be moved to another row.
 */
export function encryptAtRest(secrets: ServerSecrets, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', secrets.atRestKey, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64');
}

/** Opens a value sealed by encryptAtRest with the same context; throws when it was altered or moved. */
export function decryptAtRest(secrets: ServerSecrets, sealed: string, context: string): string {
  if (!sealed.startsWith(PREFIX)) throw new Error('Unknown at-rest encryption format');
  const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed value is too short');
  const decipher = createDecipheriv('aes-256-gcm', secrets.atRestKey, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plaintext = Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]);
  return plaintext.toString('utf8');
}
