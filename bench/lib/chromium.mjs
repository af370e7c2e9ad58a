// Debian's Chromium driven by playwright-core (never a downloaded browser), headless, with the
// background services that would add noise turned off; closed at the end of the run in any case.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { registerCleanup, registerTempDir } from './cleanup.mjs';

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
export async function launchChromium({ niceness = 0 } = {}) {
  const browser = await chromium.launch({
    executablePath: niceness > 0 ? nicedChromium(niceness) : CHROMIUM_PATH,
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

/**
 * A launcher that starts Chromium, and so every process it forks (renderers, workers), at a lower
 * CPU priority: where the browser stands in for a user's own machine beside a server under load,
 * it takes only the CPU the server and the load generator leave over.
 */
function nicedChromium(niceness) {
  const folder = mkdtempSync(path.join(tmpdir(), 'coffer-bench-chromium-'));
  registerTempDir(folder);
  const launcher = path.join(folder, 'chromium');
  writeFileSync(launcher, `#!/bin/sh\nexec nice -n ${niceness} ${CHROMIUM_PATH} "$@"\n`);
  chmodSync(launcher, 0o755);
  return launcher;
}
