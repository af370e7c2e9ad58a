import type { Chest } from '@coffer/core';
import { useEffect, useState } from 'react';
import { removeSession, SESSION_KEYS } from '../platform/extension-storage.js';
import type { OfferVerdict } from '../vault/offer-check.js';
import type { SaveOffer } from '../vault/save-login.js';
import { chestsToSaveIn, saveOffer, updateFromOffer } from '../vault/save-login.js';

interface SaveOfferPanelProps {
  offer: SaveOffer;
  /** A new login, or a new password for the login of the same username. */
  verdict: Exclude<OfferVerdict, { kind: 'none' }>;
  userId: string;
  onDone: (message: string | null) => void;
  onError: (error: unknown) => void;
}

/** Clears the offer and the toolbar badge. */
export async function dismissOffer(): Promise<void> {
  await removeSession(SESSION_KEYS.saveOffer);
  await chrome.action.setBadgeText({ text: '' });
}

/** "Save this sign-in?": the site and username, a chest the user can write to, Save or Not now. */
export function SaveOfferPanel({ offer, verdict, userId, onDone, onError }: SaveOfferPanelProps) {
  const [chests, setChests] = useState<Chest[] | null>(null);
  const [chestId, setChestId] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (verdict.kind === 'update') return;
    chestsToSaveIn().then((found) => {
      setChests(found);
      setChestId(found[0]?.id ?? '');
    }, onError);
  }, [onError, verdict.kind]);

  const save = async () => {
    setBusy(true);
    try {
      if (verdict.kind === 'update') await updateFromOffer(offer, verdict.entry.secretId, userId);
      else await saveOffer(offer, chestId, userId);
      await dismissOffer();
      onDone(verdict.kind === 'update' ? 'Password updated in Coffer.' : 'Saved in Coffer.');
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  const host = new URL(offer.origin).host;
  if (verdict.kind === 'update') {
    return (
      <section className="save-offer" aria-label="Save this sign-in">
        <p>
          Update the password of <strong>{verdict.entry.name}</strong> ({offer.username || 'this account'})
          for {host}?
        </p>
        <button type="button" disabled={busy} onClick={() => void save()}>
          Update
        </button>
        <button type="button" onClick={() => void dismissOffer().then(() => onDone(null))}>
          Not now
        </button>
      </section>
    );
  }
  return (
    <section className="save-offer" aria-label="Save this sign-in">
      <p>
        Save the sign-in of <strong>{offer.username || 'this account'}</strong> for {host}?
      </p>
      {chests && chests.length === 0 && <p>You cannot add secrets to any chest.</p>}
      {chests && chests.length > 0 && (
        <label>
          Chest
          <select value={chestId} onChange={(event) => setChestId(event.target.value)}>
            {chests.map((chest) => (
              <option key={chest.id} value={chest.id}>
                {chest.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" disabled={busy || chestId === ''} onClick={() => void save()}>
        Save
      </button>
      <button type="button" onClick={() => void dismissOffer().then(() => onDone(null))}>
        Not now
      </button>
    </section>
  );
}
