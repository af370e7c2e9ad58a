import type { APIRequestContext, Page, Request, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Account } from '../support/accounts.js';
import { logOutThroughMenu, signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import type { ApiSession } from '../support/api-session.js';
import { dashboardList, secretViewer } from '../support/dashboard-ui.js';
import type { ExtensionBrowser } from '../support/extension-browser.js';
import { LOOK_ALIKE_HOST, launchWithExtension, SITE_HOST } from '../support/extension-browser.js';
import { createChestThroughApi, createSecretThroughApi, findEveryoneTeam } from '../support/secrets-api.js';
import type { TestSite } from '../support/test-site.js';
import { FRAME_HOST, startTestSite } from '../support/test-site.js';

// Issue 29: the browser extension in real Chromium (loaded unpacked from the build), against test sites on
// their own host names. One browser and one account for the whole file; the steps build on each other.

test.describe.configure({ mode: 'serial' });

const LOGIN = { username: 'ada@example.test', password: 'Correct-Horse-42' };
let browser: ExtensionBrowser;
let site: TestSite;
let account: Account;
let admin: ApiSession;
let chestId: string;

// One API context for the file: the administrator seeds secrets in later steps too.
let api: APIRequestContext;

test.beforeAll(async ({ baseURL, playwright }) => {
  [browser, site, api] = await Promise.all([
    launchWithExtension(baseURL ?? ''),
    startTestSite(),
    playwright.request.newContext({ baseURL }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([browser?.close(), site?.close(), api?.dispose()]);
});

/** chrome.storage.local as the popup's page sees it (e2e has no chrome types). */
interface ExtensionStore {
  get(keys: null): Promise<Record<string, unknown>>;
}

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
  baseURL,
}, testInfo) => {
  const organisation = await newOrganisationThroughApi(api, testInfo);
  account = organisation.account;
  admin = organisation.admin;
  const everyone = await findEveryoneTeam(admin);
  const chest = await createChestThroughApi(admin, 'Web', [{ team_id: everyone.id, edit_access: true }]);
  chestId = chest.id;
  const example = await createSecretThroughApi(admin, {
    vaultId: chest.id,
    name: 'Example',
    category: 'password',
    payload: { ...LOGIN, url: `http://${SITE_HOST}`, note: '' },
  });

  const sitePage = await openSite(SITE_HOST, '/login');
  // Nothing is filled on page load: the extension waits for an explicit act.
  await expectEmptyForm(sitePage);

  const popup = await browser.openPopup();
  // A server that does not answer, and one that is not Coffer, each say so before anything is sent.
  await popup.getByLabel('Email').fill(account.email);
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByLabel('Server').fill('http://127.0.0.1:9');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'Coffer could not reach this server. Please check its address.',
  );
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByLabel('Server').fill(site.url(SITE_HOST, ''));
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'This address does not answer as a Coffer server. Please check it.',
  );
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

  // 'Open in Coffer' opens the web app at this secret's address; signing in there returns to it.
  const [web] = await Promise.all([
    browser.context.waitForEvent('page'),
    popup.getByRole('button', { name: 'Open in Coffer' }).click(),
  ]);
  await expect(web).toHaveURL(/\/login$/);
  await signInThroughUi(web, account.email, account.password);
  await expect(web).toHaveURL(`${baseURL}/secrets/${example.id}`);
  const viewer = secretViewer(web, 'Example');
  await expect(viewer.getByRole('heading', { name: 'Example', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(viewer.getByText(LOGIN.username)).toBeVisible();
  // Signed out again: a later step signs in to the web app through /login.
  await logOutThroughMenu(web, account.name);
  await Promise.all([popup.close(), sitePage.close(), web.close()]);
  // The extension saw that sign-in submitted, as on any site: its save offer is declined here.
  const again = await browser.openPopup();
  const offer = again.getByRole('region', { name: 'Save this sign-in' });
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toBeHidden();
  await again.close();
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
  await expect(popup.getByRole('option', { selected: true })).toContainText('Example');
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

test('asks before filling an https login into an http page; copies, shows the code, generates', async () => {
  const secure = { username: 'lin@secure.test', password: 'Secure-Pass-9000' };
  await createSecretThroughApi(admin, {
    vaultId: chestId,
    name: 'Secure',
    category: 'password',
    payload: { ...secure, url: 'https://secure.example.test', note: '', totp: 'JBSWY3DPEHPK3PXP' },
  });
  const page = await openSite('secure.example.test', '/login');
  const popup = await browser.openPopup();
  const row = popup.getByRole('option', { selected: true });
  await expect(row).toContainText('Secure');
  await popup.getByLabel('Search secrets').press('Enter');
  await expect(popup.getByRole('status')).toContainText('This page is not secure (http)');
  await expectEmptyForm(page);
  await row.getByRole('button', { name: 'Fill on this insecure page' }).click();
  await expect(popup.getByRole('status')).toHaveText('Filled.');
  await expect(page.locator('#password')).toHaveValue(secure.password);

  await row.getByRole('button', { name: 'Copy password' }).first().click();
  await expect(popup.getByRole('status')).toHaveText('Password copied.');
  // Read back from a secure page of the server: the extension itself never asks to read the clipboard.
  const reader = await browser.context.newPage();
  await reader.goto('/healthz');
  await browser.context.grantPermissions(['clipboard-read'], { origin: new URL(reader.url()).origin });
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(secure.password);
  await reader.close();

  await row.getByRole('button', { name: 'Code' }).click();
  await expect(row.getByLabel('One-time code')).toHaveText(/^\d{6}$/);
  await expect(row.getByLabel('Seconds left')).toHaveText(/^\d{1,2}s$/);

  await popup.getByRole('button', { name: 'Generate password' }).click();
  const generated = (await popup.getByLabel('Generated password').textContent()) ?? '';
  expect(generated.length).toBeGreaterThanOrEqual(12);
  for (const characterClass of [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/])
    expect(generated).toMatch(characterClass);
  await Promise.all([popup.close(), page.close()]);
});

test('a later popup reads only what changed, and opens only the login acted on', async () => {
  // Every secret read the extension's pages make, and what each changes page carried.
  const secretReads: string[] = [];
  const changes: { since: string | null; items: number }[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (/^\/api\/v1\/secrets\/[^/]+\.json$/.test(url.pathname) && !url.pathname.endsWith('/changes.json'))
      secretReads.push(url.pathname);
  };
  const onResponse = async (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/v1/secrets/changes.json') return;
    const body = (await response.json()) as { items: unknown[] };
    changes.push({ since: url.searchParams.get('since'), items: body.items.length });
  };
  browser.context.on('request', onRequest);
  browser.context.on('response', onResponse);
  try {
    const page = await openSite(SITE_HOST, '/login');
    const popup = await browser.openPopup();
    await expect(popup.getByRole('option', { selected: true })).toContainText('Example');
    // The sync since the last one: one page, nothing changed, no payload read.
    await expect.poll(() => changes.length).toBe(1);
    expect(changes[0]).toMatchObject({ items: 0, since: expect.any(String) });
    expect(secretReads).toEqual([]);

    // The stored index is sealed: neither a URL nor a username is readable in the extension's storage.
    const stored = await popup.evaluate(async () => {
      const { chrome } = globalThis as unknown as { chrome: { storage: { local: ExtensionStore } } };
      return JSON.stringify(await chrome.storage.local.get(null));
    });
    expect(stored).toContain('index:');
    expect(stored).not.toContain(SITE_HOST);
    expect(stored).not.toContain(LOGIN.username);

    // Fill opens that one login, and nothing else.
    await popup.getByLabel('Search secrets').press('Enter');
    await expect(popup.getByRole('status')).toHaveText('Filled.');
    expect(secretReads).toHaveLength(1);
    await Promise.all([popup.close(), page.close()]);
  } finally {
    browser.context.off('request', onRequest);
    browser.context.off('response', onResponse);
  }
});

test('fills a frame of another origin only after a second act naming it', async () => {
  const page = await openSite(SITE_HOST, '/framed');
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('#password')).toBeVisible();
  const popup = await browser.openPopup();
  const row = popup.getByRole('option', { selected: true });
  await expect(row).toContainText('Example');
  await popup.getByLabel('Search secrets').press('Enter');
  const origin = site.url(FRAME_HOST, '');
  await expect(popup.getByRole('status')).toHaveText(
    `The sign-in form is in a frame from ${origin}. Fill it only if you trust that site.`,
  );
  await expect(frame.locator('#password')).toHaveValue('');
  await row.getByRole('button', { name: `Fill in the frame from ${origin}` }).click();
  await expect(popup.getByRole('status')).toHaveText('Filled.');
  await expect(frame.locator('#username')).toHaveValue(LOGIN.username);
  await expect(frame.locator('#password')).toHaveValue(LOGIN.password);
  await Promise.all([popup.close(), page.close()]);
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

  // The same account signs in with a new password: the offer is to update the login, not to add one.
  await shop.goto(site.url('shop.example.test', '/login'));
  await shop.locator('#username').fill('grace@shop.test');
  await shop.locator('#password').fill('Shop-Password-78');
  await shop.getByRole('button', { name: 'Sign in' }).click();
  await expect(shop.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await popup.reload();
  await expect(offer).toContainText('Update the password of');
  await offer.getByRole('button', { name: 'Update' }).click();
  await expect(popup.getByRole('status')).toHaveText('Password updated in Coffer.');
  await expect(popup.getByRole('option', { name: /shop\.example\.test/ })).toHaveCount(1);

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

test('after a lock the next unlock syncs in full, opening many logins in workers', async () => {
  // Enough logins for the sync to start its workers (WORKER_THRESHOLD is 50).
  const many = 55;
  for (let start = 0; start < many; start += 11)
    await Promise.all(
      Array.from({ length: Math.min(11, many - start) }, (_, offset) =>
        createSecretThroughApi(admin, {
          vaultId: chestId,
          name: `Bulk ${String(start + offset).padStart(2, '0')}`,
          category: 'password',
          payload: { username: 'bulk', password: 'Bulk-Pass-1', url: 'https://bulk.example.test', note: '' },
        }),
      ),
    );
  const popup = await browser.openPopup();
  const workers: string[] = [];
  popup.on('worker', (worker) => workers.push(worker.url()));
  // The sync's reads, in order: a first sync lists the ids and reads their secrets, no changes.
  const reads: string[] = [];
  popup.on('request', (request) => {
    const url = new URL(request.url());
    const read = /^\/api\/v1\/secrets\/(changes|ids|read)\.json$/.exec(url.pathname)?.[1];
    if (read) reads.push(read);
  });
  // Locked: the index sealed before the lock no longer opens, so this sync starts from the beginning.
  await popup.getByLabel('Password').fill(account.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  // The popup shows 50 rows; a search reaches every login the sync opened.
  await expect(popup.getByText(/^50 of \d+ shown\. Search to find the others\.$/)).toBeVisible();
  const search = popup.getByLabel('Search secrets');
  await search.fill('Bulk');
  await expect(popup.getByText(`50 of ${many} shown. Search to find the others.`)).toBeVisible();
  await search.fill('Bulk 54');
  await expect(popup.getByRole('option', { name: /Bulk \d\d/ })).toHaveCount(1);
  // No web tab is open, so nothing matches: the list is every login by name, whatever order the
  // workers opened them in, and the earlier logins (Example, shop.example.test) a search away.
  await search.fill('');
  await expect(popup.getByRole('option').first()).toContainText('Bulk 00');
  await expect(popup.getByRole('option', { name: /Example/ })).toHaveCount(0);
  await search.fill(SITE_HOST);
  await expect(popup.getByRole('option', { name: /Example/ })).toHaveCount(1);
  expect(reads.slice(0, 2)).toEqual(['ids', 'read']);
  expect(workers.some((url) => url.includes('open-worker'))).toBe(true);
  await popup.close();
});
