/** Title of the Confirm modal shown before wrapping for a public key that differs from its pin. */
export const KEY_CHANGE_WARNING_TITLE = 'Security warning';

/** A reader whose listed public key differs from the one pinned for them. */
export interface ChangedKey {
  userId: string;
  /** The new key's fingerprint, as core's publicKeyFingerprint writes it. */
  fingerprint: string;
}

/**
 * The warning's text: who changed, what that may mean, and the new fingerprint(s) to compare out of
 * band. Readers are named by user id: the public key lists carry no names.
 */
export function keyChangeWarning(changed: readonly ChangedKey[]): string {
  const advice = 'otherwise someone may be trying to intercept your secrets.';
  const [only] = changed;
  if (changed.length === 1 && only) {
    return `The encryption key of ${only.userId} has changed since you last shared with them. Share only if an administrator reset their account; ${advice} Their new key fingerprint: ${only.fingerprint}.`;
  }
  const names = changed.map((key) => key.userId).join(', ');
  const fingerprints = changed.map((key) => `${key.userId}: ${key.fingerprint}`).join('; ');
  return `The encryption keys of ${names} have changed since you last shared with them. Share only if an administrator reset their accounts; ${advice} Their new key fingerprints: ${fingerprints}.`;
}
