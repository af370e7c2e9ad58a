import { matchSecret, saveOfferFor } from '../matching/index.js';
import { openLogin } from './open-login.js';
import type { SaveOffer } from './save-login.js';
import type { VaultEntry } from './vault-entry.js';

/**
 * Whether Coffer lacks the offered sign-in (matching's saveOfferFor): only the logins for the offer's
 * site are opened to compare, and their passwords are dropped at once.
 */
export async function offerStillNeeded(
  offer: SaveOffer,
  entries: readonly VaultEntry[],
  userId: string,
): Promise<boolean> {
  const page = `${offer.origin}/`;
  const forSite = entries.filter((entry) => matchSecret(page, entry.urls) !== null);
  const held = await Promise.all(forSite.map((entry) => openLogin(entry.secretId, userId)));
  return saveOfferFor(page, offer, held).offer !== 'none';
}
