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
}

/** Why the crypto client asks. */
export type ConfirmPurpose = 'save' | 'move' | 'reshare';

/**
 * Asks the signed-in user to confirm people by name, e-mail and fingerprint before anything is
 * wrapped for them; answers true only when they confirmed. The caller (a component) passes one that
 * opens the dialog (components/key-trust's confirmPeople); without one, nobody untrusted is wrapped
 * for. A confirmation trusts exactly the keys shown.
 */
export type ConfirmPeople = (people: readonly PersonToConfirm[], purpose: ConfirmPurpose) => Promise<boolean>;
