import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { chromium } from '@playwright/test';

/** The unpacked Chromium build of the extension (`npm run build`). */
export const EXTENSION_DIR = fileURLToPath(
  new URL('../../packages/extension/dist/chromium', import.meta.url),
);

/** The test sites' host names: the real one and a look-alike, both served on 127.0.0.1. */
export const SITE_HOST = 'login.example.test';
export const LOOK_ALIKE_HOST = 'login.examp1e.test';

/** Chromium with the extension loaded (a persistent context, as extensions need), and its id. */
export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The popup as a page of its own (Playwright cannot click the toolbar button). */
  openPopup(): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts Chromium with only the built extension, *.example.test and *.examp1e.test mapped to
 * 127.0.0.1, the Coffer server as base URL, and a fresh profile that is removed on close. The id comes from the service worker's URL.
 */
export async function launchWithExtension(baseURL: string): Promise<ExtensionBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'coffer-extension-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    baseURL,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--host-resolver-rules=MAP *.example.test 127.0.0.1, MAP *.examp1e.test 127.0.0.1',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      '--disable-component-update',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    async openPopup() {
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${extensionId}/popup.html`);
      return popup;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
