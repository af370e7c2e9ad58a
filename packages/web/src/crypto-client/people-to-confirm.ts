import type { ReaderReason } from '@coffer/core';
import type { ConfirmedIdentity } from '../keys/key-trust.js';
import type { DistrustReason } from '../keys/trust-rule.js';

/**
 * A colleague whose public key this browser does not trust yet (docs/web.md, "Keys the browser
 * trusts"): never confirmed here, or another key than the one seen before. The crypto client knows
 * people by id and key only; the component that asks names them.
 */
export interface PersonToConfirm {
  userId: string;
  /** The exact public key that would be wrapped for, and that a confirmation trusts. */
  publicKey: string;
  /** core's publicKeyFingerprint of `publicKey`, to compare out of band. */
  fingerprint: string;
  reason: DistrustReason;
  /** The fingerprint seen or trusted before, for a changed key. */
  previousFingerprint?: string | undefined;
  /** Why the server says this person reads (administrator, manager, a team); absent for a reshare. */
  reasons?: readonly ReaderReason[] | undefined;
}

/**
 * One person the user confirmed, with the name and e-mail the dialog showed beside the fingerprint
 * (null where the server named nobody): the trust record keeps them, so a later change can be told.
 */
export interface ConfirmedPerson extends ConfirmedIdentity {
  userId: string;
  /** The key shown, exactly as in the PersonToConfirm confirmed. */
  publicKey: string;
}

/** Why the crypto client asks. */
export type ConfirmPurpose = 'save' | 'move' | 'reshare';

/**
 * Asks the signed-in user (`ownerId`) to confirm people one by one, by name, e-mail, fingerprint and
 * why they read, before anything is wrapped for them; answers those confirmed (none when cancelled).
 * The caller (a component) passes one that opens the dialog (components/key-trust's confirmPeople);
 * without one, nobody untrusted is wrapped for. A confirmation trusts exactly the key shown; a save
 * or move goes ahead only when everyone was confirmed, a reshare delivers to those who were.
 */
export type ConfirmPeople = (
  people: readonly PersonToConfirm[],
  purpose: ConfirmPurpose,
  ownerId: string,
) => Promise<readonly ConfirmedPerson[]>;
