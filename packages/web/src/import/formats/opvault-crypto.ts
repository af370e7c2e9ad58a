// 1Password's OPVault encryption (AgileBits' published design, "OPVault design"), on WebCrypto:
// the password and the profile's salt give 64 bytes by PBKDF2-HMAC-SHA512 (an AES-256 key, then an
// HMAC-SHA256 key); every sealed value is an "opdata01" blob — magic, plaintext length (64-bit little
// endian), IV, AES-256-CBC ciphertext of random padding then the plaintext (no PKCS#7), and an
// HMAC-SHA256 over all of that. The master and overview keys are opdata01 blobs whose plaintext's
// SHA-512 is the key pair; each item's own key pair is sealed (IV, ciphertext, HMAC) under the master keys.

/** An AES-256 key (CBC) and the HMAC-SHA256 key that authenticates what it seals. */
export interface KeyPair {
  encryption: CryptoKey;
  authentication: CryptoKey;
}

const OPDATA_MAGIC = 'opdata01';
const BLOCK = 16;
const MAC_BYTES = 32;
const HEADER_BYTES = 8 + 8 + BLOCK;

/** The bytes of a base64 value, or null when it is not base64. */
export function base64Bytes(value: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/** A key pair from 64 bytes: the first 32 encrypt, the last 32 authenticate. */
export async function keyPair(bytes: Uint8Array<ArrayBuffer>): Promise<KeyPair> {
  const [encryption, authentication] = await Promise.all([
    crypto.subtle.importKey('raw', bytes.slice(0, 32), 'AES-CBC', false, ['encrypt', 'decrypt']),
    crypto.subtle.importKey('raw', bytes.slice(32, 64), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
  ]);
  return { encryption, authentication };
}

/** The key pair the password derives with the profile's salt and iterations. */
export async function derivedKeys(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<KeyPair> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-512', salt, iterations },
    base,
    512,
  );
  return keyPair(new Uint8Array(bits));
}

/** The key pair an opdata01 blob holds (the master or overview key): the SHA-512 of its plaintext. */
export async function sealedKeyPair(blob: Uint8Array<ArrayBuffer>, keys: KeyPair): Promise<KeyPair | null> {
  const material = await openOpdata(blob, keys);
  if (!material) return null;
  return keyPair(new Uint8Array(await crypto.subtle.digest('SHA-512', material)));
}

/** An item's own key pair: IV, 64 bytes of ciphertext and an HMAC, sealed under the master keys. */
export async function itemKeyPair(sealed: Uint8Array<ArrayBuffer>, master: KeyPair): Promise<KeyPair | null> {
  if (sealed.length !== BLOCK + 64 + MAC_BYTES) return null;
  const authenticated = sealed.subarray(0, BLOCK + 64);
  if (!(await verified(master, authenticated, sealed.subarray(BLOCK + 64)))) return null;
  const plain = await cbcDecrypt(master.encryption, sealed.slice(0, BLOCK), sealed.slice(BLOCK, BLOCK + 64));
  return keyPair(plain);
}

/** The plaintext of an opdata01 blob, or null when it is not one or its HMAC does not match. */
export async function openOpdata(
  blob: Uint8Array<ArrayBuffer>,
  keys: KeyPair,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const cipherBytes = blob.length - HEADER_BYTES - MAC_BYTES;
  if (cipherBytes <= 0 || cipherBytes % BLOCK !== 0) return null;
  if (new TextDecoder().decode(blob.subarray(0, 8)) !== OPDATA_MAGIC) return null;
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const length = view.getUint32(8, true) + view.getUint32(12, true) * 2 ** 32;
  if (length > cipherBytes) return null;
  const body = blob.length - MAC_BYTES;
  if (!(await verified(keys, blob.subarray(0, body), blob.subarray(body)))) return null;
  const plain = await cbcDecrypt(
    keys.encryption,
    blob.slice(16, HEADER_BYTES),
    blob.slice(HEADER_BYTES, body),
  );
  // The random padding comes first: the plaintext is the last `length` bytes.
  return plain.slice(plain.length - length);
}

function verified(keys: KeyPair, data: Uint8Array, mac: Uint8Array): Promise<boolean> {
  return crypto.subtle.verify('HMAC', keys.authentication, mac.slice(), data.slice());
}

// AES-CBC without padding, which WebCrypto does not offer: one more block is appended whose
// decryption is a full PKCS#7 padding block (the encryption of nothing, chained on the last
// ciphertext block), so WebCrypto's padding check passes and strips exactly that block.
async function cbcDecrypt(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  ciphertext: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const last = ciphertext.slice(ciphertext.length - BLOCK);
  const padding = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-CBC', iv: last }, key, new Uint8Array()),
  );
  const whole = new Uint8Array(ciphertext.length + BLOCK);
  whole.set(ciphertext);
  whole.set(padding, ciphertext.length);
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, whole));
}
