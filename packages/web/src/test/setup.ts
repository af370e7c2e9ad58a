// Setup of the `web` vitest project (jsdom): unmount between tests and reset the shell's singletons.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeAllModals } from '../lib/modal-store.js';
import { dismissAllNotifications } from '../lib/notification-store.js';
import { hideHelpPanel } from '../shortcuts/help-panel-store.js';

// Lazy routes load through dynamic import; on a busy two-core CI machine that can take longer than
// Testing Library's default second, which made findBy* fail for want of time, not of behaviour.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; the theme reads the system preference through it.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

afterEach(() => {
  cleanup();
  closeAllModals();
  dismissAllNotifications();
  hideHelpPanel();
  localStorage.clear();
  // The theme lives on <html>, which jsdom keeps for the whole file: no test may inherit another's.
  delete document.documentElement.dataset.theme;
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
