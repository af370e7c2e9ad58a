import kdbxweb from 'kdbxweb';
import { ImportError } from '../import-error.js';
import type { SourceFile } from '../source-item.js';
import { installArgon2 } from './argon2.js';
import type { FileSample, ImportFormat, OpenOptions } from './import-format.js';
import { keePassSourceFile } from './keepass-database.js';

// Every KDBX file (3.1 and 4.x) starts with these two signatures, little-endian.
const SIGNATURE = [0x03, 0xd9, 0xa2, 0x9a, 0x67, 0xfb, 0x4b, 0xb5];

/** A KeePass database (KDBX 3.1 or 4, AES or ChaCha20, AES-KDF or Argon2d/id), with a password and/or key file. */
export const keePassKdbx: ImportFormat = {
  id: 'keepass-kdbx',
  name: 'KeePass (kdbx)',
  protected: true,
  detect: ({ bytes }) => SIGNATURE.every((byte, index) => bytes[index] === byte),
  async parse(sample: FileSample, options: OpenOptions): Promise<SourceFile> {
    if (!options.password && !options.keyFile)
      throw new ImportError('needs-password', 'This file is protected: give its password (or key file).');
    checkKeyDerivation(sample.bytes);
    installArgon2();
    const credentials = new kdbxweb.Credentials(
      options.password !== undefined ? kdbxweb.ProtectedValue.fromString(options.password) : null,
      options.keyFile ? copyOf(options.keyFile) : null,
    );
    try {
      return keePassSourceFile(await kdbxweb.Kdbx.load(copyOf(sample.bytes), credentials), keePassKdbx.id);
    } catch (error) {
      if (error instanceof ImportError) throw error;
      if (error instanceof kdbxweb.KdbxError && error.code === kdbxweb.Consts.ErrorCodes.InvalidKey)
        throw new ImportError('wrong-password', 'The password or key file is not right for this file.');
      throw new ImportError('damaged', 'The KeePass file is damaged or of a version Coffer cannot read.');
    }
  },
};

// A browser tab must be able to finish the key derivation: a file asking for more (a damaged header, or
// settings far beyond KeePass's defaults of 60,000 AES rounds or 64 MiB of Argon2) is refused up front,
// instead of running for hours or exhausting the tab's memory.
const MAX_AES_ROUNDS = 500_000_000;
const MAX_ARGON2_MEMORY = 1024 * 1024 * 1024;
const MAX_ARGON2_ITERATIONS = 1_000;
const MAX_ARGON2_LANES = 64;
const TOO_COSTLY =
  "This file's key derivation settings are too costly for a browser to open. Lower them in KeePass (Database settings, Security) and try again.";

function checkKeyDerivation(bytes: Uint8Array): void {
  let header: kdbxweb.KdbxHeader;
  try {
    const context = new kdbxweb.KdbxContext({ kdbx: new kdbxweb.Kdbx() });
    header = kdbxweb.KdbxHeader.read(new kdbxweb.BinaryStream(copyOf(bytes)), context);
  } catch {
    throw new ImportError('damaged', 'The KeePass file is damaged or of a version Coffer cannot read.');
  }
  const kdf = header.kdfParameters;
  const number = (value: unknown) => Number(value?.valueOf() ?? 0);
  const rounds = header.keyEncryptionRounds ?? number(kdf?.get('R'));
  if (
    rounds > MAX_AES_ROUNDS ||
    number(kdf?.get('M')) > MAX_ARGON2_MEMORY ||
    number(kdf?.get('I')) > MAX_ARGON2_ITERATIONS ||
    number(kdf?.get('P')) > MAX_ARGON2_LANES
  )
    throw new ImportError('too-large', TOO_COSTLY);
}

// kdbxweb reads ArrayBuffers; a view's own bytes are copied out, so a view into a larger buffer (a
// Node Buffer from a pool, a slice) never hands kdbxweb its neighbours.
function copyOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}
