import { expect } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../encoding.js';
import { CryptoError, type CryptoErrorKind } from '../errors.js';

// Shared by the crypto tests that tamper with values (not part of the built package: tsconfig
// excludes testing/).

/** Flips one bit of a base64 value; a negative index counts from the end. */
export function flipBit(value: string, index: number): string {
  const bytes = base64ToBytes(value);
  const at = index < 0 ? bytes.length + index : index;
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return bytesToBase64(bytes);
}

/** Expects the promise to fail with a CryptoError of this kind; answers the error. */
export async function expectKind(promise: Promise<unknown>, kind: CryptoErrorKind): Promise<CryptoError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CryptoError);
  expect((error as CryptoError).kind).toBe(kind);
  return error as CryptoError;
}
