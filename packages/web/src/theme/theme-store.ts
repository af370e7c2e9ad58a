import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, subscribeStorage, writeStorage } from '../lib/local-storage.js';

/** Whether the dark theme is on: the stored choice, else the system's preference. */
export function readDarkMode(): boolean {
  const stored = readStorage(STORAGE_KEYS.darkMode);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** Stores the theme choice in localStorage 'dark_mode' (it survives logout). */
export function writeDarkMode(dark: boolean): void {
  if (readStorage(STORAGE_KEYS.darkMode) === String(dark)) return;
  writeStorage(STORAGE_KEYS.darkMode, String(dark));
}

/** Puts the theme on <html data-theme>, which selects the CSS variable set (styles/theme.css). */
export function applyTheme(dark: boolean): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** The theme in a component, following changes from this tab and others. */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribeStorage, readDarkMode, readDarkMode);
}
