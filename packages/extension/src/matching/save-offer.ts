// After a sign-in was submitted: does Coffer already hold these credentials for the page? The answer
// decides the extension's badge and the popup's offer; nothing is offered inside the page.
import type { SecretUrl } from '@coffer/core';
import { matchSecret } from './match-secret.js';

/** A secret the user can read, with what a sign-in compares. */
export interface HeldCredential {
  urls: readonly SecretUrl[];
  username: string;
  password: string;
}

export type SaveOffer<T extends HeldCredential> =
  /** Held already, or nothing worth saving (no password). */
  | { offer: 'none' }
  /** No secret for this page has this username: offer a new secret. */
  | { offer: 'save' }
  /** A secret for this page has this username with another password: offer to update it. */
  | { offer: 'update'; entry: T };

/**
 * Usernames are compared without surrounding spaces and case (e-mail addresses are the common case, and
 * sites accept them in any case); passwords exactly.
 */
export function saveOfferFor<T extends HeldCredential>(
  pageUrl: string,
  submitted: { username: string; password: string },
  held: readonly T[],
): SaveOffer<T> {
  if (submitted.password === '') return { offer: 'none' };
  const forPage = held.filter((entry) => matchSecret(pageUrl, entry.urls) !== null);
  const username = comparable(submitted.username);
  const sameUser = forPage.filter((entry) => comparable(entry.username) === username);
  if (sameUser.some((entry) => entry.password === submitted.password)) return { offer: 'none' };
  const [entry] = sameUser;
  return entry ? { offer: 'update', entry } : { offer: 'save' };
}

function comparable(username: string): string {
  return username.trim().toLowerCase();
}
