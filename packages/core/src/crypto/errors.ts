/** Why a crypto operation was refused; the UI maps each kind to one message. */
export type CryptoErrorKind = 'integrity' | 'iterations-too-low' | 'malformed';

// Fixed texts: a message is built from the kind alone, so no key, password or ciphertext can end up in it.
const messages: Record<CryptoErrorKind, string> = {
  integrity: 'The encrypted data failed its integrity check.',
  'iterations-too-low': 'The key derivation iterations are below the minimum this client accepts.',
  malformed: 'The encoded value is malformed.',
};

/** The only error the crypto suite throws on purpose; it never carries key material or WebCrypto's text. */
export class CryptoError extends Error {
  readonly kind: CryptoErrorKind;

  constructor(kind: CryptoErrorKind) {
    super(messages[kind]);
    this.name = 'CryptoError';
    this.kind = kind;
  }
}

/** Tells a CryptoError of the given kind from anything else thrown. */
export function isCryptoError(error: unknown, kind?: CryptoErrorKind): error is CryptoError {
  return error instanceof CryptoError && (kind === undefined || error.kind === kind);
}

/**
 * Runs a decrypting step and turns every failure into an integrity error, so that neither a WebCrypto
 * message nor a hint about which check failed reaches the caller.
 */
export async function failAsIntegrity<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch {
    throw new CryptoError('integrity');
  }
}
