// Setup of the `web` vitest project (jsdom): unmount between tests and reset the shell's singletons.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeAllModals } from '../components/modals/modal-store.js';
import { dismissAllNotifications } from '../components/notifications/notification-store.js';
import { hideHelpPanel } from '../shortcuts/help-panel-store.js';

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
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
