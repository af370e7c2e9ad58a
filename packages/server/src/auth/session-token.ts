import { hash, randomBytes } from 'node:crypto';

/** A new opaque bearer token: 32 random bytes, base64url (43 characters). */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token (sessions, confirmations, invitations): its SHA-256, hex. */
export function hashToken(token: string): string {
  // One-shot: every signed-in request hashes its token (a quarter of createHash's time).
  return hash('sha256', token, 'hex');
}
