import { SESSION_KEYS, writeSession } from '../platform/extension-storage.js';
import type { SubmittedMessage } from '../platform/messages.js';
import type { SaveOffer } from '../vault/save-login.js';

/**
 * Keeps the last submitted sign-in of a page's top frame as a save offer (memory only) and shows it
 * on the toolbar badge; the popup decides whether Coffer already holds it. The origin is the one the
 * browser gives for the sender, never anything the page says.
 */
export async function offerToSave(
  message: SubmittedMessage,
  sender: chrome.runtime.MessageSender,
): Promise<void> {
  if (sender.id !== chrome.runtime.id || sender.frameId !== 0 || !sender.tab || !sender.url) return;
  const origin = new URL(sender.url).origin;
  if (!/^https?:/.test(origin) || message.password === '') return;
  const offer: SaveOffer = { origin, username: message.username, password: message.password, at: Date.now() };
  await writeSession(SESSION_KEYS.saveOffer, offer);
  await chrome.action.setBadgeText({ text: '+' });
  await chrome.action.setBadgeBackgroundColor({ color: '#2f6fde' });
}
