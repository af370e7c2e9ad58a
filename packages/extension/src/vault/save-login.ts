import type { Chest, PasswordPayload, Profile } from '@coffer/core';
import { withPasswordHistory } from '@coffer/core';
import { PROFILE_PATH } from '@coffer/web/api/accounts-profile-api.js';
import { requestOrThrow } from '@coffer/web/api/api-client.js';
import { listAllChests } from '@coffer/web/api/vaults-api.js';
import { writableChests } from '@coffer/web/components/chests/chest-write-access.js';
import { computeStrength } from '@coffer/web/components/secrets/compute-strength.js';
import { openSecretRecord } from '@coffer/web/crypto-client/open-secret-record.js';
import { createEncryptedSecret, updateEncryptedSecret } from '@coffer/web/crypto-client/save-secret.js';

/** A sign-in seen on a page, waiting for the user's decision (memory only, like the session). */
export interface SaveOffer {
  /** The page's origin, as the browser reported the sender (never what the page says). */
  origin: string;
  username: string;
  password: string;
  at: number;
}

/** The chests the user may write to, for the save offer's picker (core's rules, as the web app). */
export async function chestsToSaveIn(): Promise<Chest[]> {
  const [profile, chests] = await Promise.all([requestOrThrow<Profile>(PROFILE_PATH), listAllChests(false)]);
  const actor = { id: profile.id, administrator: profile.administrator, teams: profile.teams };
  return writableChests(chests, actor, null);
}

/**
 * Saves the offered sign-in as a new login through the web app's crypto client: sealed in this page,
 * its key wrapped for the chest's readers under the same trust rules (a reader not yet trusted stops
 * the save with the crypto client's message; the web app is where people are confirmed).
 */
export async function saveOffer(offer: SaveOffer, chestId: string, userId: string): Promise<string> {
  const host = new URL(offer.origin).hostname;
  const payload: PasswordPayload = {
    username: offer.username,
    password: offer.password,
    url: offer.origin,
    note: '',
  };
  const saved = await createEncryptedSecret(
    {
      vaultId: chestId,
      name: host,
      category: 'password',
      payload,
      strength: await computeStrength(offer.password, [host]),
      formFill: true,
      hidden: false,
    },
    userId,
  );
  return saved.id;
}

/**
 * Saves the offered password as the next revision of a login that has the same username for the site:
 * the payload opened again now, the old password kept in its history (as the web app's edit does), the
 * rest unchanged; a save by someone else since then is refused by the crypto client (conflict).
 */
export async function updateFromOffer(offer: SaveOffer, secretId: string, userId: string): Promise<void> {
  const { secret, payload } = await openSecretRecord(secretId, userId);
  const next = withPasswordHistory(
    payload,
    { ...(payload as PasswordPayload), password: offer.password },
    new Date(),
  );
  await updateEncryptedSecret(
    { id: secret.id, baseRevision: secret.revision },
    {
      vaultId: secret.vault_id,
      name: secret.name,
      category: 'password',
      payload: next,
      strength: await computeStrength(offer.password, [secret.name]),
      formFill: secret.form_fill,
      hidden: secret.hidden,
    },
    userId,
  );
}
