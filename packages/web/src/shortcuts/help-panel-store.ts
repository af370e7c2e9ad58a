import { SHORTCUT_PANEL_MS } from '@coffer/core';
import { createStore } from '../lib/create-store.js';

/** Whether the shortcut help panel is showing. */
export const helpPanelStore = createStore(false);

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the panel for 10 s (Shift+H, spec section 2); showing it again restarts the time. */
export function showHelpPanelBriefly(): void {
  clearTimeout(hideTimer);
  helpPanelStore.set(true);
  hideTimer = setTimeout(hideHelpPanel, SHORTCUT_PANEL_MS);
}

/** Opens or closes the panel without a time limit (the footer button). */
export function toggleHelpPanel(): void {
  clearTimeout(hideTimer);
  helpPanelStore.set((open) => !open);
}

/** Closes the panel. */
export function hideHelpPanel(): void {
  clearTimeout(hideTimer);
  helpPanelStore.set(false);
}
