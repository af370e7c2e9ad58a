import { watchSubmissions } from '../page/index.js';
import type { SubmittedMessage } from '../platform/messages.js';

/*
 * The content script of every page's top frame: it only reports a submitted sign-in (both username and
 * password) to the service worker, which may offer to save it. It never fills, reads nothing from Coffer
 * and shows nothing in the page.
 */
if (window.top === window) {
  watchSubmissions(document, (submission) => {
    if (submission.step !== 'sign-in') return;
    const message: SubmittedMessage = {
      type: 'submitted',
      username: submission.username,
      password: submission.password,
    };
    chrome.runtime.sendMessage(message).catch(() => undefined);
  });
}
