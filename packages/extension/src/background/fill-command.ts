import { fillTab } from '../fill/fill-tab.js';
import { rankSecrets } from '../matching/index.js';
import { findTargetTab } from '../platform/target-tab.js';
import { loadUnlocked, openSession, touch } from '../session/unlocked-session.js';
import { judgeUrls } from '../vault/list-order.js';
import { openLocalIndex, syncLocalIndex } from '../vault/local-index.js';
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
  // The index as the popup left it; one that never synced this unlock is synced here, inline (a
  // service worker has no Worker).
  const index = await openLocalIndex(session);
  if (index.cursor === null) await syncLocalIndex(session, index);
  const best = index.entriesFor(tab.url, rankSecrets)[0]?.entry;
  if (!best || judgeUrls(best.urls, tab.url) !== 'match') return;
  const login = await openLogin(best.secretId, session.userId);
  await fillTab(tab, login.urls, login);
}
