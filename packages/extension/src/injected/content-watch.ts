import type { SubmittedMessage } from '../platform/messages.js';
import { watchSubmissions } from '../site-adapter/sign-in-form.js';

/*
 * The content script of every page's top frame: it only reports a submitted sign-in form to the service
 * worker (which may offer to save it). It never fills, reads nothing from Coffer and shows nothing.
 */
if (window.top === window) {
  watchSubmissions(document, (username, password) => {
    const message: SubmittedMessage = { type: 'submitted', username, password };
    chrome.runtime.sendMessage(message).catch(() => undefined);
  });
}
