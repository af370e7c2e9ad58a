import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Account } from '../support/accounts.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { dashboardList } from '../support/dashboard-ui.js';
import type { ExtensionBrowser } from '../support/extension-browser.js';
import { LOOK_ALIKE_HOST, launchWithExtension, SITE_HOST } from '../support/extension-browser.js';
import { createChestThroughApi, createSecretThroughApi, findEveryoneTeam } from '../support/secrets-api.js';
import type { TestSite } from '../support/test-site.js';
import { startTestSite } from '../support/test-site.js';

// Issue 29: the browser extension in real Chromium (loaded unpacked from the build), against test sites on
// their own host names. One browser and one account for the whole file; the steps build on each other.

test.describe.configure({ mode: 'serial' });

const LOGIN = { username: 'ada@example.test', password: 'Correct-Horse-42' };
let browser: ExtensionBrowser;
let site: TestSite;
let account: Account;

test.beforeAll(async ({ baseURL }) => {
  [browser, site] = await Promise.all([launchWithExtension(baseURL ?? ''), startTestSite()]);
});

test.afterAll(async () => {
  await Promise.all([browser?.close(), site?.close()]);
});

/** A page of the test site, made the tab the popup acts on. */
async function openSite(host: string, path: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(site.url(host, path));
  await page.bringToFront();
  return page;
}

async function expectEmptyForm(page: Page): Promise<void> {
  await expect(page.locator('#username')).toHaveValue('');
  await expect(page.locator('#password')).toHaveValue('');
}

test('a new user installs it, signs in through the popup and fills a real form', async ({
  request,
  baseURL,
}, testInfo) => {
  const organisation = await newOrganisationThroughApi(request, testInfo);
  account = organisation.account;
  const everyone = await findEveryoneTeam(organisation.admin);
  const chest = await createChestThroughApi(organisation.admin, 'Web', [
    { team_id: everyone.id, edit_access: true },
  ]);
  await createSecretThroughApi(organisation.admin, {
    vaultId: chest.id,
    name: 'Example',
    category: 'password',
    payload: { ...LOGIN, url: `http://${SITE_HOST}`, note: '' },
  });

  const sitePage = await openSite(SITE_HOST, '/login');
  // Nothing is filled on page load: the extension waits for an explicit act.
  await expectEmptyForm(sitePage);

  const popup = await browser.openPopup();
  await popup.getByLabel('Server').fill(baseURL ?? '');
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();

  // The best match is selected: Enter fills it.
  const row = popup.getByRole('option', { selected: true });
  await expect(row).toContainText('Example');
  await expect(row).toContainText('this site');
  await popup.getByLabel('Search secrets').press('Enter');
  await expect(popup.getByRole('status')).toHaveText('Filled.');
  await expect(sitePage.locator('#username')).toHaveValue(LOGIN.username);
  await expect(sitePage.locator('#password')).toHaveValue(LOGIN.password);
  await Promise.all([popup.close(), sitePage.close()]);
});

test('refuses a look-alike domain and a transparent form laid over the real one', async () => {
  const lookAlike = await openSite(LOOK_ALIKE_HOST, '/login');
  let popup = await browser.openPopup();
  const row = popup.getByRole('option', { name: /Example/ });
  await expect(row).not.toContainText('this site');
  await row.getByRole('button', { name: /Example/ }).click();
  await row.getByRole('button', { name: 'Fill' }).click();
  await expect(popup.getByRole('status')).toHaveText(
    "This page is not one of this secret's websites, so nothing was filled.",
  );
  await expectEmptyForm(lookAlike);
  await Promise.all([popup.close(), lookAlike.close()]);

  const overlaid = await openSite(SITE_HOST, '/overlay');
  popup = await browser.openPopup();
  await popup.getByLabel('Search secrets').press('Enter');
  await expect(popup.getByRole('status')).toContainText('did not recognise a sign-in form');
  // Copy buttons instead of a wrong fill.
  await expect(
    popup.getByRole('option', { selected: true }).getByRole('button', { name: 'Copy password' }),
  ).toHaveCount(2);
  await expectEmptyForm(overlaid);
  await expect(overlaid.locator('#overlay-password')).toHaveValue('');
  await Promise.all([popup.close(), overlaid.close()]);
});

test('offers to save a new sign-in and the web app reads it back', async () => {
  const shop = await openSite('shop.example.test', '/login');
  await shop.locator('#username').fill('grace@shop.test');
  await shop.locator('#password').fill('Shop-Password-77');
  await shop.getByRole('button', { name: 'Sign in' }).click();
  await expect(shop.getByRole('heading', { name: 'Signed in' })).toBeVisible();

  const popup = await browser.openPopup();
  const offer = popup.getByRole('region', { name: 'Save this sign-in' });
  await expect(offer).toContainText('grace@shop.test');
  await expect(offer.getByLabel('Chest')).toHaveValue(/.+/);
  await offer.getByRole('button', { name: 'Save' }).click();
  await expect(popup.getByRole('status')).toHaveText('Saved in Coffer.');
  await expect(popup.getByRole('option', { name: /shop\.example\.test/ })).toBeVisible();

  await popup.getByRole('button', { name: 'Lock' }).click();
  await expect(popup.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await popup.reload();
  await expect(popup.getByLabel('Password')).toBeVisible();
  await expect(popup.getByLabel('Server')).not.toHaveValue('');
  await Promise.all([popup.close(), shop.close()]);

  const web = await browser.context.newPage();
  await signInThroughUi(web, account.email, account.password);
  await expect(dashboardList(web, 'Secrets').getByText('shop.example.test')).toBeVisible();
  await web.close();
});
