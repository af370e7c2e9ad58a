import { fillTab } from '../fill/fill-tab.js';
import { findTargetTab } from '../platform/target-tab.js';
import { loadUnlocked, openSession, touch } from '../session/unlocked-session.js';
import { loadEntries } from '../vault/fallback-index.js';
import { judgeUrls, rankByTab } from '../vault/list-order.js';
import { openLogin } from '../vault/open-login.js';

/**
 * The keyboard shortcut (manifest `commands`): fills the best match into the active tab, an explicit act
 * like the popup's Fill. Locked, no match, or an http page for an https secret: nothing is filled (the
 * popup is where the second act for an http page is asked).
 */
export async function fillFromShortcut(): Promise<void> {
  const session = await loadUnlocked();
  const tab = await findTargetTab();
  if (!session || !tab) return;
  await openSession(await touch(session));
  const best = rankByTab(await loadEntries(session.userId), tab.url)[0];
  if (!best || judgeUrls(best.urls, tab.url) !== 'match') return;
  const login = await openLogin(best.secretId, session.userId);
  await fillTab(tab, login.urls, login);
}
