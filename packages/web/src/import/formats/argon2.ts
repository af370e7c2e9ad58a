import { argon2d, argon2id } from 'hash-wasm';
import kdbxweb from 'kdbxweb';

let installed = false;

/**
 * kdbxweb ships no Argon2 (KDBX 4's key derivation); hash-wasm's WebAssembly one is given to it once.
 * kdbxweb's type numbers: 0 Argon2d, 2 Argon2id.
 */
export function installArgon2(): void {
  if (installed) return;
  installed = true;
  kdbxweb.CryptoEngine.setArgon2Impl(
    async (password, salt, memory, iterations, length, parallelism, type) => {
      const derive = type === kdbxweb.CryptoEngine.Argon2TypeArgon2id ? argon2id : argon2d;
      const hash = await derive({
        password: new Uint8Array(password),
        salt: new Uint8Array(salt),
        memorySize: memory,
        iterations,
        hashLength: length,
        parallelism,
        outputType: 'binary',
      });
      return hash.slice().buffer;
    },
  );
}
