// Debian's Chromium driven by playwright-core (never a downloaded browser), headless, with the
// background services that would add noise turned off; closed at the end of the run in any case.
import { chromium } from 'playwright-core';
import { registerCleanup } from './cleanup.mjs';

/** The browser every browser benchmark uses. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The command-line switches of every launch. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches headless Chromium and registers it for cleanup. Returns { browser, version, close() }.
 * (Playwright kills the browser itself if this process exits without closing it.)
 */
export async function launchChromium() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const unregister = registerCleanup({
    name: 'Chromium',
    stop: () => browser.close(),
    kill: () => {},
  });
  return {
    browser,
    version: browser.version(),
    close: async () => {
      unregister();
      await browser.close();
    },
  };
}
