import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

// Issue 29: the footer's extension link opens this server's download page, signed out, and the
// Chromium build downloads as a zip (start-server.mjs puts stand-in zips in the server's EXTENSION_DIR).
test('the footer leads to the extension page, which downloads the Chromium zip', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Get the Chrome extension' }).click();
  await expect(page).toHaveURL(/\/extension$/);
  await expect(page.getByRole('heading', { name: 'Coffer browser extension' })).toBeVisible();
  await expect(page.getByTestId('server-address')).toHaveText(baseURL ?? '');
  const chromium = page.getByRole('region', { name: 'Chrome, Chromium, Edge and Brave' });
  await expect(chromium.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Download for Firefox' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    chromium.getByRole('link', { name: 'Download for Chrome and Chromium' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('coffer-extension-chromium.zip');
  const bytes = await readFile(await download.path());
  // A zip archive: its end-of-central-directory record's signature.
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0005\u0006');
});
