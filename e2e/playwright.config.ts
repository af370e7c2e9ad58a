import { defineConfig } from '@playwright/test';

// Journeys run against the real built server on a fresh SQLite database (see start-server.mjs).
const port = Number(process.env.E2E_PORT ?? 8181);
const HYGIENE_FILE = /log-hygiene\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 2,
  // No retry, in CI either: a journey that passes only on its second try is a failing journey.
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The log-hygiene check reads what every journey recorded, so it runs once all of them have finished.
  projects: [
    { name: 'journeys', testIgnore: HYGIENE_FILE },
    { name: 'log-hygiene', testMatch: HYGIENE_FILE, dependencies: ['journeys'] },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
  },
});
