import type { PublicKeyEntry } from '@coffer/core';
import { publicKeyFingerprint } from '@coffer/core';
import { savePin } from '../keys/key-pins.js';
import { trustConfirmedKey } from '../keys/key-trust.js';
import { assessKey, trustRuleFor } from '../keys/trust-rule.js';
import type { TrustRule } from '../keys/trust-rule-contract.js';
import { provesOwnKey } from './own-key-proof.js';
import type { ConfirmedPerson, ConfirmPeople, ConfirmPurpose, PersonToConfirm } from './people-to-confirm.js';
import {
  KEY_CHANGE_CANCELLED_MESSAGE,
  OWN_KEY_MISMATCH_MESSAGE,
  SecretAccessError,
  UNCONFIRMED_PEOPLE_MESSAGE,
} from './secret-access-error.js';

/** Who is wrapping: the signed-in user's id and the private key unlocked at sign-in. */
export interface KeyOwner {
  userId: string;
  privateKey: CryptoKey;
}

/** How a wrap treats readers it does not trust: ask through `confirm`, under `trust` (trustRuleFor by default). */
export interface TrustOptions {
  confirm?: ConfirmPeople | undefined;
  trust?: TrustRule | undefined;
}

/** Readers sorted by trust: keys to wrap for, people to confirm first, keys that cannot be read. */
export interface SortedReaders {
  /** `readerKeyId`s of trusted keys (and the caller's own, proven). */
  trusted: Set<string>;
  untrusted: PersonToConfirm[];
  /** `readerKeyId`s of keys that are not readable public keys. */
  unusable: Set<string>;
}

/** Identifies one pair of user and public key. */
export function readerKeyId(reader: { user_id: string; public_key: string }): string {
  return `${reader.user_id}\n${reader.public_key}`;
}

/**
 * Sorts readers by the trust rule (docs/web.md, "Keys the browser trusts"), each pair of user and
 * key once. The caller's own listed key must be the public half of the unlocked private key, else a
 * SecretAccessError ('key-changed'): it is proven, never trusted because the server says so.
 */
export async function sortReaderKeys(
  caller: KeyOwner,
  readers: readonly PublicKeyEntry[],
  rule: TrustRule = trustRuleFor(caller.userId),
): Promise<SortedReaders> {
  const sorted: SortedReaders = { trusted: new Set(), untrusted: [], unusable: new Set() };
  for (const reader of distinctKeys(readers)) {
    const id = readerKeyId(reader);
    if (reader.user_id === caller.userId) {
      await verifyOwnKey(caller, reader.public_key);
      sorted.trusted.add(id);
      continue;
    }
    const assessment = await assessKey(caller.userId, reader.user_id, reader.public_key, rule);
    if (assessment === null) sorted.unusable.add(id);
    else if (assessment.trusted) sorted.trusted.add(id);
    else
      sorted.untrusted.push({
        userId: reader.user_id,
        publicKey: reader.public_key,
        fingerprint: assessment.fingerprint,
        reason: assessment.reason,
        previousFingerprint: assessment.previousFingerprint,
        reasons: reader.reasons,
      });
  }
  return sorted;
}

/**
 * Records whom the caller confirmed, as the dialog showed them: exactly those of `asked` the answer
 * names with the very key shown are trusted from now on (an answer can add nobody who was not asked).
 * Answers the people of `asked` who were confirmed.
 */
export async function recordConfirmed(
  ownerId: string,
  asked: readonly PersonToConfirm[],
  confirmed: readonly ConfirmedPerson[],
): Promise<PersonToConfirm[]> {
  const recorded: PersonToConfirm[] = [];
  for (const person of asked) {
    const answer = confirmed.find(
      (one) => one.userId === person.userId && one.publicKey === person.publicKey,
    );
    if (!answer) continue;
    await trustConfirmedKey(ownerId, person.userId, person.publicKey, {
      name: answer.name,
      email: answer.email,
    });
    recorded.push(person);
  }
  return recorded;
}

/**
 * Checks every reader's public key before anything is wrapped for it (create, edit, move). Trusted
 * keys pass silently; anyone else (never confirmed in this browser, or a changed key) is handed to
 * `confirm`, which asks person by person. Those confirmed are trusted from then on; unless everyone was
 * confirmed this throws a SecretAccessError ('key-changed' when a key changed, else 'unconfirmed') and
 * nothing is sent: the server takes a save only with a key for every reader (key-cover-check.ts).
 */
export async function confirmReaderKeys(
  caller: KeyOwner,
  readers: readonly PublicKeyEntry[],
  purpose: ConfirmPurpose,
  options: TrustOptions = {},
): Promise<void> {
  const { untrusted } = await sortReaderKeys(caller, readers, options.trust);
  if (untrusted.length === 0) return;
  const answer = options.confirm ? await options.confirm(untrusted, purpose, caller.userId) : [];
  const recorded = await recordConfirmed(caller.userId, untrusted, answer);
  if (recorded.length === untrusted.length) return;
  const left = untrusted.filter((person) => !recorded.includes(person));
  throw left.some((person) => person.reason === 'changed')
    ? new SecretAccessError('key-changed', KEY_CHANGE_CANCELLED_MESSAGE)
    : new SecretAccessError('unconfirmed', UNCONFIRMED_PEOPLE_MESSAGE);
}

// A reshare lists the same user and key once per secret: check each pair of user and key once.
function distinctKeys(readers: readonly PublicKeyEntry[]): PublicKeyEntry[] {
  const seen = new Map<string, PublicKeyEntry>();
  for (const reader of readers) seen.set(readerKeyId(reader), reader);
  return [...seen.values()];
}

// The own key is pinned to the key pair unlocked at sign-in: proven, never trusted on first use.
async function verifyOwnKey(caller: KeyOwner, publicKey: string): Promise<void> {
  if (!(await provesOwnKey(publicKey, caller.userId, caller.privateKey)))
    throw new SecretAccessError('key-changed', OWN_KEY_MISMATCH_MESSAGE);
  await savePin(caller.userId, caller.userId, await publicKeyFingerprint(publicKey));
}
