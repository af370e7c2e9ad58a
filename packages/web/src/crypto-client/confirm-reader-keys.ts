import type { PublicKeyEntry } from '@coffer/core';
import { publicKeyFingerprint } from '@coffer/core';
import { openConfirm } from '../components/modals/index.js';
import { checkPin, savePin } from '../keys/key-pins.js';
import type { ChangedKey } from './key-change-warning.js';
import { KEY_CHANGE_WARNING_TITLE, keyChangeWarning } from './key-change-warning.js';
import { provesOwnKey } from './own-key-proof.js';
import {
  KEY_CHANGE_CANCELLED_MESSAGE,
  OWN_KEY_MISMATCH_MESSAGE,
  SecretAccessError,
} from './secret-access-error.js';

/** Who is wrapping: the signed-in user's id and the private key unlocked at sign-in. */
export interface KeyOwner {
  userId: string;
  privateKey: CryptoKey;
}

/**
 * Checks every reader's public key before anything is wrapped for it (crypto.md, key pinning).
 * The caller's own key must match the unlocked private key, else a SecretAccessError
 * ('key-changed'). A colleague seen for the first time is pinned; a colleague whose key differs
 * from the pin is listed in one 'Security warning' Confirm modal: 'Share anyway' re-pins the new
 * keys and answers, 'Cancel' throws a SecretAccessError ('key-changed') so nothing is sent.
 */
export async function confirmReaderKeys(caller: KeyOwner, readers: readonly PublicKeyEntry[]): Promise<void> {
  const changed: ChangedKey[] = [];
  for (const reader of distinctKeys(readers)) {
    const fingerprint = await fingerprintOf(reader.public_key);
    // An unreadable key is refused by the wrapping itself (an integrity error, or a skipped pair).
    if (fingerprint === null) continue;
    if (reader.user_id === caller.userId) {
      await verifyOwnKey(caller, reader.public_key, fingerprint);
      continue;
    }
    const verdict = await checkPin(caller.userId, reader.user_id, fingerprint);
    if (verdict === 'changed') changed.push({ userId: reader.user_id, fingerprint });
  }
  if (changed.length === 0) return;
  const confirmed = await openConfirm({
    title: KEY_CHANGE_WARNING_TITLE,
    subtext: keyChangeWarning(changed),
    confirmLabel: 'Share anyway',
    cancelLabel: 'Cancel',
    danger: true,
    // A reflexive Enter must not share a secret with a key that may be an attacker's.
    defaultAction: 'cancel',
  });
  if (!confirmed) throw new SecretAccessError('key-changed', KEY_CHANGE_CANCELLED_MESSAGE);
  for (const key of changed) await savePin(caller.userId, key.userId, key.fingerprint);
}

// Reshare lists the same user and key once per secret: check each pair of user and key once.
function distinctKeys(readers: readonly PublicKeyEntry[]): PublicKeyEntry[] {
  const seen = new Map<string, PublicKeyEntry>();
  for (const reader of readers) seen.set(`${reader.user_id}\n${reader.public_key}`, reader);
  return [...seen.values()];
}

async function fingerprintOf(publicKey: string): Promise<string | null> {
  try {
    return await publicKeyFingerprint(publicKey);
  } catch {
    return null;
  }
}

// The own key is pinned to the key pair unlocked at sign-in: proven, never trusted on first use.
async function verifyOwnKey(caller: KeyOwner, publicKey: string, fingerprint: string): Promise<void> {
  if (!(await provesOwnKey(publicKey, caller.userId, caller.privateKey)))
    throw new SecretAccessError('key-changed', OWN_KEY_MISMATCH_MESSAGE);
  await savePin(caller.userId, caller.userId, fingerprint);
}
