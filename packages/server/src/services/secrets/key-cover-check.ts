import { KEY_FOR_STRANGER_MESSAGE, READERS_CHANGED_MESSAGE } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';

/**
 * A save must wrap the secret's key for exactly its readers: a key for anyone else is a 400 (it
 * would hand the secret to someone without access), a reader without one is a 409 (the client's
 * public keys are stale: it refetches them and saves again).
 */
export function checkKeyCover(keyUserIds: readonly string[], readerIds: ReadonlySet<string>): void {
  const given = new Set(keyUserIds);
  for (const userId of given) {
    if (!readerIds.has(userId)) throw AppError.validation(KEY_FOR_STRANGER_MESSAGE);
  }
  for (const readerId of readerIds) {
    if (!given.has(readerId)) throw AppError.conflict(READERS_CHANGED_MESSAGE);
  }
}

/** Keys added on a move must be for readers of the new chest; missing ones may be reshared later. */
export function checkKeysForReaders(keyUserIds: readonly string[], readerIds: ReadonlySet<string>): void {
  for (const userId of keyUserIds) {
    if (!readerIds.has(userId)) throw AppError.validation(KEY_FOR_STRANGER_MESSAGE);
  }
}
