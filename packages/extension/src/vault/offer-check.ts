import { matchSecret, saveOfferFor } from '../matching/index.js';
import { openLogin } from './open-login.js';
import type { SaveOffer } from './save-login.js';
import type { VaultEntry } from './vault-entry.js';

/** What the popup offers for a submitted sign-in: nothing (held), a new login, or a new password for one. */
export type OfferVerdict = { kind: 'none' } | { kind: 'save' } | { kind: 'update'; entry: VaultEntry };

/**
 * Whether Coffer lacks the offered sign-in (matching's saveOfferFor): only the logins for the offer's
 * site with the offered username (the index knows both) are opened to compare the password, and their
 * passwords are dropped at once.
 */
export async function judgeOffer(
  offer: SaveOffer,
  entries: readonly VaultEntry[],
  userId: string,
): Promise<OfferVerdict> {
  const page = `${offer.origin}/`;
  const username = sameUsername(offer.username);
  const forSite = entries.filter(
    (entry) => matchSecret(page, entry.urls) !== null && sameUsername(entry.username ?? '') === username,
  );
  const held = await Promise.all(
    forSite.map(async (entry) => ({ ...(await openLogin(entry.secretId, userId)), entry })),
  );
  const verdict = saveOfferFor(page, offer, held);
  if (verdict.offer === 'update') return { kind: 'update', entry: verdict.entry.entry };
  return { kind: verdict.offer };
}

/** Usernames compare as saveOfferFor compares them: trimmed, without case. */
function sameUsername(username: string): string {
  return username.trim().toLowerCase();
}
