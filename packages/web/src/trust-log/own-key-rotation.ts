import type { SignedTrustEntry } from '@coffer/core';
import { activeUser } from '@coffer/core';
import { type OwnNewKey, signKeyRotation, TrustChangeRefused } from './sign-trust-changes.js';
import { createTrustLogSync, type TrustLogOwner } from './sync-trust-log.js';

/** Refusal of a new key the old one could not endorse, in an organisation whose log binds the old one. */
export const UNENDORSED_KEY_MESSAGE =
  'Your current key could not sign your new one, so the organisation record cannot move to it. Please contact an administrator.';

/**
 * The entries a user's first personal password sends with it (docs/web.md, "Membership calls carry
 * their entries"): none while the organisation has no log or the log has not admitted the user;
 * else the rotation to the new key. The log is read and verified here, since the shell's own sync
 * waits until the personal password is set.
 */
export async function keyRotationEntries(
  owner: TrustLogOwner,
  newKey: { publicKey: string; endorsement: string | undefined; signingKey: () => Promise<CryptoKey> },
): Promise<SignedTrustEntry[] | undefined> {
  const log = await createTrustLogSync(owner).sync();
  if (!log || !activeUser(log.state, owner.userId)) return undefined;
  if (newKey.endorsement === undefined) throw new TrustChangeRefused(UNENDORSED_KEY_MESSAGE);
  const key: OwnNewKey = {
    publicKey: newKey.publicKey,
    endorsement: newKey.endorsement,
    signingKey: await newKey.signingKey(),
  };
  return [await signKeyRotation(log.state, owner.userId, key)];
}
