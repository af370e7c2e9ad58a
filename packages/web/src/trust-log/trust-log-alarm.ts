import type { TrustLogError } from '@coffer/core';

/*
 * What the browser says when the server's trust log cannot be the one it verified before, or does
 * not verify (issue 30). Each is a blocking alarm: nothing is shared while it stands. The texts name
 * positions in the log, never an entry's content, a key or a signature.
 */

export type TrustLogAlarmKind = 'rollback' | 'fork' | 'invalid' | 'reader';

const TELL = 'Nothing is shared from this browser until it is resolved. Tell an administrator.';

export function rollbackMessage(served: number | null, seen: number): string {
  const what = served === null ? 'no trust log' : `a trust log that ends at entry ${served}`;
  return `The server sent ${what}, older than the one this browser has already verified (up to entry ${seen}): it may have been rolled back. ${TELL}`;
}

export function forkMessage(seq: number): string {
  return `The server sent a trust log whose entry ${seq} differs from the one this browser has already verified: the log may have been rewritten. ${TELL}`;
}

export function invalidEntryMessage(error: TrustLogError): string {
  return `The server sent a trust log with an entry that does not verify: ${error.message} ${TELL}`;
}

/** The member compared the organisation's words with the owner's, and they differ. */
export const GENESIS_MISMATCH_MESSAGE = `The organisation record this browser was given is not the one your organisation’s owner sees: the server may be showing you a record of its own making. ${TELL}`;

/** The log starts from another genesis than the one this user confirmed. */
export const GENESIS_CHANGED_MESSAGE = `The server sent an organisation record that is not the one you confirmed with your organisation’s owner: it may have been replaced. ${TELL}`;

/**
 * The server named a reader of a chest whom the verified log does not make one (R10, R11): by the
 * e-mail the log holds for them, else by their id (someone the log never admitted).
 */
export function readerAlarmMessage(email: string | null, userId: string): string {
  const who = email ?? `someone the organisation record does not hold (user ${userId})`;
  return `The server asked this browser to share a secret with ${who}, whom the organisation record does not make a reader of that chest. Nothing was shared. ${TELL}`;
}

/**
 * The server listed a key to share for a secret whose signed header does not hold, or that this
 * browser saw signed and now comes without its header: its chest and hidden flag cannot be trusted.
 */
export const PAIR_HEADER_ALARM_MESSAGE = `The server asked this browser to share the key of a secret whose place its author's signature does not confirm. Nothing was shared. ${TELL}`;

export const OTHER_ORGANISATION_MESSAGE = `The server sent the trust log of another organisation. ${TELL}`;

/** A blocking alarm about the trust log; `message` is shown as written. */
export class TrustLogAlarm extends Error {
  readonly kind: TrustLogAlarmKind;

  constructor(kind: TrustLogAlarmKind, message: string) {
    super(message);
    this.name = 'TrustLogAlarm';
    this.kind = kind;
  }
}

export function isTrustLogAlarm(error: unknown): error is TrustLogAlarm {
  return error instanceof TrustLogAlarm;
}
