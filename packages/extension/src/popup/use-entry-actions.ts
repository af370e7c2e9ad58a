import { useState } from 'react';
import type { FillConfirmations } from '../fill/fill-tab.js';
import {
  fillTab,
  frameQuestion,
  INSECURE_PAGE_MESSAGE,
  NO_FORM_MESSAGE,
  NOT_THIS_SITE_MESSAGE,
} from '../fill/fill-tab.js';
import type { TargetTab } from '../platform/target-tab.js';
import type { UnlockedSession } from '../session/unlocked-session.js';
import { touch } from '../session/unlocked-session.js';
import { openLogin } from '../vault/open-login.js';
import type { VaultEntry } from '../vault/vault-entry.js';

/** What the selected entry shows besides its buttons. */
export type EntryExtra =
  | { kind: 'none' }
  | { kind: 'confirm-insecure' }
  | { kind: 'confirm-frame'; origin: string; insecure: boolean }
  | { kind: 'copy-instead' }
  | { kind: 'totp'; authenticatorKey: string };

/**
 * The acts on one entry. Each opens the login when it is asked for and drops it when done: the popup
 * decrypts only what the user acts on.
 */
export function useEntryActions(
  session: UnlockedSession,
  tab: TargetTab | null,
  onStatus: (message: string) => void,
  onError: (error: unknown) => void,
) {
  const [extra, setExtra] = useState<{ secretId: string; extra: EntryExtra } | null>(null);

  const act = async (step: () => Promise<void>) => {
    try {
      await touch(session);
      await step();
    } catch (error) {
      onError(error);
    }
  };

  const copy = async (value: string, what: string) => {
    await navigator.clipboard.writeText(value);
    onStatus(`${what} copied.`);
  };

  const fill = (entry: VaultEntry, confirmed: FillConfirmations = {}) =>
    act(async () => {
      if (!tab) {
        onStatus(NOT_THIS_SITE_MESSAGE);
        return;
      }
      const login = await openLogin(entry.secretId, session.userId);
      const outcome = await fillTab(tab, login.urls, login, confirmed);
      if (outcome.kind === 'filled') {
        setExtra(null);
        onStatus('Filled.');
        // The toolbar popup gets out of the way; the popup opened as a page stays.
        if (chrome.extension.getViews({ type: 'popup' }).includes(window)) window.close();
      } else if (outcome.kind === 'confirm-insecure') {
        setExtra({ secretId: entry.secretId, extra: { kind: 'confirm-insecure' } });
        onStatus(INSECURE_PAGE_MESSAGE);
      } else if (outcome.kind === 'confirm-frame') {
        // Keeps the http second act, if given: the frame's is another question.
        setExtra({
          secretId: entry.secretId,
          extra: { kind: 'confirm-frame', origin: outcome.origin, insecure: confirmed.insecure === true },
        });
        onStatus(frameQuestion(outcome.origin));
      } else if (outcome.kind === 'no-form') {
        setExtra({ secretId: entry.secretId, extra: { kind: 'copy-instead' } });
        onStatus(NO_FORM_MESSAGE);
      } else onStatus(NOT_THIS_SITE_MESSAGE);
    });

  const copyUsername = (entry: VaultEntry) =>
    act(async () => copy((await openLogin(entry.secretId, session.userId)).username, 'Username'));

  const copyPassword = (entry: VaultEntry) =>
    act(async () => copy((await openLogin(entry.secretId, session.userId)).password, 'Password'));

  const showCode = (entry: VaultEntry) =>
    act(async () => {
      const login = await openLogin(entry.secretId, session.userId);
      if (login.totp)
        setExtra({ secretId: entry.secretId, extra: { kind: 'totp', authenticatorKey: login.totp } });
      else onStatus('This secret has no authenticator key.');
    });

  const extraFor = (entry: VaultEntry): EntryExtra =>
    extra?.secretId === entry.secretId ? extra.extra : { kind: 'none' };

  return { fill, copyUsername, copyPassword, showCode, copy, extraFor };
}
