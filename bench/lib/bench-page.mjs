// Small pages the browser benchmarks load from the real server (WEB_DIST pointed at them, so they
// run under the real CSP and origin): bench/browser/<name>/index.html built with the web app's
// Vite, `@coffer/core` and `@coffer/web-src/…` aliased to the sources the web app bundles.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CACHE_DIR } from './paths.mjs';

const WEB_PACKAGE_JSON = fileURLToPath(new URL('../../packages/web/package.json', import.meta.url));
const CORE_SOURCE = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));
const WEB_SOURCE = fileURLToPath(new URL('../../packages/web/src/', import.meta.url));
// The web app's fflate without blob: workers, which the CSP refuses (as packages/web/vite.config.ts).
const FFLATE_WITHOUT_WORKERS = fileURLToPath(
  new URL('../../packages/web/src/secret-export/fflate-without-workers.ts', import.meta.url),
);
const PAGES_DIR = fileURLToPath(new URL('../browser/', import.meta.url));

/** Builds bench/browser/<name> into bench/.cache/pages/<name> (a few seconds) and returns that folder. */
export async function buildBenchPage(name) {
  const requireFromWeb = createRequire(WEB_PACKAGE_JSON);
  const { build } = await import(pathToFileURL(requireFromWeb.resolve('vite')).href);
  const outDir = path.join(CACHE_DIR, 'pages', name);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: path.join(PAGES_DIR, name),
    logLevel: 'warn',
    resolve: {
      alias: [
        { find: '@coffer/core', replacement: CORE_SOURCE },
        { find: /^@coffer\/web-src\/(.*)$/, replacement: `${WEB_SOURCE}$1` },
        { find: /^fflate$/, replacement: FFLATE_WITHOUT_WORKERS },
      ],
    },
    // JSX as the app and the extension compile it (their components, rendered by a page: extension-sync).
    esbuild: { jsx: 'automatic' },
    build: { outDir, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0 },
  });
  return outDir;
}

/**
 * Opens the bench page at `url` in a new tab and waits until it has published window[api]
 * (bench/browser/bench-kit.ts). With `log`, the page's uncaught errors are logged.
 */
export async function openBenchPage(browser, url, api, log) {
  const page = await browser.newPage();
  if (log) page.on('pageerror', (error) => log(`  page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction((name) => window[name] !== undefined, api);
  return page;
}

/** Signs `user` in inside the page as the login screen does (it derives the keys); answers their id. */
export function signInInPage(page, api, { email, password }) {
  return page.evaluate(({ name, email, password }) => window[name].signIn(email, password), {
    name: api,
    email,
    password,
  });
}
