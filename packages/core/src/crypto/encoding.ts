import { CryptoError } from './errors.js';

/** Bytes that WebCrypto accepts as a BufferSource (backed by an ArrayBuffer, not a SharedArrayBuffer). */
export type Bytes = Uint8Array<ArrayBuffer>;

// Standard alphabet, padding required: exactly what bytesToBase64 produces.
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// String.fromCharCode takes its bytes as arguments; stay far below engines' argument limits.
const CHUNK_BYTES = 0x8000;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Encodes bytes as standard base64 with padding, the form every binary value travels in. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK_BYTES));
  }
  return btoa(binary);
}

/** Decodes standard, padded, canonical base64; anything else is a CryptoError 'malformed'. */
export function base64ToBytes(text: string): Bytes {
  if (typeof text !== 'string' || !BASE64_PATTERN.test(text)) throw new CryptoError('malformed');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  // Unused low bits in the last character must be zero, so each value has exactly one encoding.
  if (!unusedBitsAreZero(text)) throw new CryptoError('malformed');
  return bytes;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

// With two pad characters the last data character carries 4 unused bits, with one pad 2 (RFC 4648 §3.5).
// Checked in place: re-encoding the bytes to compare cost more than decoding them.
function unusedBitsAreZero(text: string): boolean {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (padding === 0) return true;
  const last = ALPHABET.indexOf(text.charAt(text.length - padding - 1));
  return (last & (padding === 2 ? 0b1111 : 0b11)) === 0;
}

/** Encodes a string as UTF-8. */
export function utf8Encode(text: string): Bytes {
  return encoder.encode(text);
}

/** Decodes UTF-8; invalid sequences are a CryptoError 'malformed' rather than silent replacement characters. */
export function utf8Decode(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new CryptoError('malformed');
  }
}

/** Writes bytes as lower-case hexadecimal. */
export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Gives WebCrypto a view it accepts, copying only when the bytes live in a SharedArrayBuffer. */
export function toBufferSource(bytes: Uint8Array): Bytes {
  if (bytes.buffer instanceof ArrayBuffer) return bytes as Bytes;
  return new Uint8Array(bytes);
}
