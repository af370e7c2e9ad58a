import { base64ToBytes, bytesToHex } from '../crypto/encoding.js';
import { TrustLogError } from './trust-log-error.js';

/**
 * The organisation's fingerprint: its log's genesis hash (SHA-256 of entry 0, base64) as hex in groups
 * of 4, as a key's fingerprint is written, so that the same words (fingerprintWords) show it. A member
 * compares it once with the owner's, by phone or in person, before trusting the log (issue 30).
 */
export function trustLogFingerprint(genesisHash: string): string {
  let bytes: Uint8Array;
  try {
    bytes = base64ToBytes(genesisHash);
  } catch {
    throw new TrustLogError('malformed', 'The genesis hash is not one SHA-256 hash.');
  }
  if (bytes.length !== 32) throw new TrustLogError('malformed', 'The genesis hash is not one SHA-256 hash.');
  return bytesToHex(bytes).replace(/(.{4})(?!$)/g, '$1 ');
}
