import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const coreSource = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
const alias = { '@coffer/core': coreSource };
const webSource = fileURLToPath(new URL('./packages/web/src', import.meta.url));

// Server suites run once per database; PostgreSQL only where DATABASE_URL names a server.
const serverProject = (dialect: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${dialect}`,
    root: 'packages/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { COFFER_TEST_DB: dialect },
    // PostgreSQL test schemas are dropped when the run ends, not mid-run (test/postgres-run-schemas.ts).
    ...(dialect === 'postgres' ? { globalSetup: ['./src/test/postgres-run-schemas.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file builds its own app on its own database (test/test-app.ts), so the files of a worker
    // share one import of the server's modules: loading them again per file was a third of the
    // project's time (docs/testing.md). Module state that outlives a file is reset by the test that
    // changes it (the list-total clock, the password-hash gate).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default leaves a core to its main process: on CI's two cores that was one worker, every
    // file one after another, while the files wait on PostgreSQL, jsdom and imports (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'core-chromium',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                  '--no-first-run',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/import/**'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Above the 5 s that findBy* waits (src/test/setup.ts): a slow screen on a busy machine then
          // fails with what it waited for, or passes, instead of the test being cut off mid-wait.
          testTimeout: 15_000,
        },
      },
      {
        // The import parsers touch no DOM; under jsdom, WebCrypto (KeePass, encrypted exports) would get
        // byte arrays of jsdom's realm, which Node's WebCrypto refuses. Browsers have one realm.
        resolve: { alias },
        test: {
          name: 'web-import',
          root: 'packages/web',
          include: ['src/import/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // The browser extension's own modules (matching, form detection, the popup's logic); page-side
        // tests build their forms in jsdom. It imports the web app's API and crypto client as @coffer/web/.
        resolve: { alias: { ...alias, '@coffer/web': webSource } },
        test: {
          name: 'extension',
          root: 'packages/extension',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          passWithNoTests: true,
          testTimeout: 15_000,
        },
      },
      serverProject('sqlite'),
      ...(process.env.DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
