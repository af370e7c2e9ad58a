import { useCallback, useEffect, useMemo, useState } from 'react';
import { readSession, SESSION_KEYS } from '../platform/extension-storage.js';
import type { TargetTab } from '../platform/target-tab.js';
import { findTargetTab } from '../platform/target-tab.js';
import { sessionProblemOf } from '../session/session-error.js';
import type { UnlockedSession } from '../session/unlocked-session.js';
import type { OfferVerdict } from '../vault/offer-check.js';
import { judgeOffer } from '../vault/offer-check.js';
import { popupList } from '../vault/popup-list.js';
import type { SaveOffer } from '../vault/save-login.js';
import { secretWebAppAddress } from '../vault/web-app-address.js';
import { EntryList } from './entry-list.js';
import { GeneratorPanel } from './generator-panel.js';
import { dismissOffer, SaveOfferPanel } from './save-offer-panel.js';
import { useEntryActions } from './use-entry-actions.js';
import { useFocusOnMount } from './use-focus-on-mount.js';
import { useLocalIndex } from './use-local-index.js';

interface VaultViewProps {
  session: UnlockedSession;
  onLock: (notice: string | null) => void;
}

/**
 * The unlocked popup: the logins matching the current tab first, then search over everything; the best
 * match selected, arrows move, Enter fills. Also the generator, the save offer and Lock.
 */
export function VaultView({ session, onLock }: VaultViewProps) {
  const [tab, setTab] = useState<TargetTab | null>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [offer, setOffer] = useState<{
    offer: SaveOffer;
    verdict: Exclude<OfferVerdict, { kind: 'none' }>;
  } | null>(null);

  const onError = useCallback(
    (error: unknown) => {
      const problem = sessionProblemOf(error);
      if (problem.ended) onLock(problem.message);
      else setStatus(problem.message);
    },
    [onLock],
  );

  const { listed, synced, refresh } = useLocalIndex(session, onError);

  useEffect(() => {
    void findTargetTab().then(setTab);
  }, []);

  useEffect(() => {
    if (!synced) return;
    // A sign-in Coffer already holds is not offered: the offer goes, and so does the badge. Judged
    // after the first sync, so that a login saved elsewhere since the last one counts.
    void Promise.all([readSession<SaveOffer>(SESSION_KEYS.saveOffer), synced])
      .then(async ([found, loaded]) => {
        if (!found) return;
        const verdict = await judgeOffer(found, loaded, session.userId);
        if (verdict.kind === 'none') await dismissOffer();
        else setOffer({ offer: found, verdict });
      })
      .catch(() => undefined);
  }, [synced, session.userId]);

  const list = useMemo(
    () => (listed ? popupList(listed.index, tab?.url ?? null, query) : null),
    [listed, tab, query],
  );
  const shown = list?.rows ?? [];
  const search = useFocusOnMount<HTMLInputElement>();
  const actions = useEntryActions(session, tab, setStatus, onError);
  const current = shown[Math.min(selected, shown.length - 1)];

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') setSelected((index) => Math.min(index + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setSelected((index) => Math.max(index - 1, 0));
    else if (event.key === 'Enter' && current) void actions.fill(current);
    else return;
    event.preventDefault();
  };

  return (
    <main className="vault" onKeyDown={onKeyDown}>
      <header>
        <input
          ref={search}
          type="search"
          aria-label="Search secrets"
          placeholder="Search secrets"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setSelected(0);
          }}
        />
        <button type="button" onClick={() => onLock(null)}>
          Lock
        </button>
      </header>
      {offer && (
        <SaveOfferPanel
          offer={offer.offer}
          verdict={offer.verdict}
          userId={session.userId}
          onError={onError}
          onDone={(message) => {
            setOffer(null);
            if (message) setStatus(message);
            // The login just saved joins the list: the sync reads only that change.
            refresh();
          }}
        />
      )}
      {status && <p role="status">{status}</p>}
      {list === null && <p>Loading your secrets…</p>}
      {list !== null && list.total === 0 && <p>No secrets found.</p>}
      {list !== null && (
        <EntryList
          list={list}
          current={current}
          extraFor={actions.extraFor}
          actionsFor={(entry, index) => ({
            onSelect: () => setSelected(index),
            onFill: (confirmed) => void actions.fill(entry, confirmed),
            onCopyUsername: () => void actions.copyUsername(entry),
            onCopyPassword: () => void actions.copyPassword(entry),
            onShowCode: () => void actions.showCode(entry),
            onCopyCode: (code) => void actions.copy(code, 'Code'),
            onOpen: () =>
              void chrome.tabs.create({ url: secretWebAppAddress(session.server, entry.secretId) }),
          })}
        />
      )}
      <footer>
        <GeneratorPanel onCopy={(value) => void actions.copy(value, 'Password')} />
      </footer>
    </main>
  );
}
