import { readFile } from 'node:fs/promises';
import type { Chest, ListResponse } from '@coffer/core';
import { FREE_PLAN_LIMIT_NOTICE } from '@coffer/core';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { openUsersTable } from '../support/admin-users-ui.js';
import type { ApiSession } from '../support/api-session.js';
import { apiCall, apiOk } from '../support/api-session.js';
import type { BillingServer } from '../support/billing-server.js';
import { billingBaseUrl, readBillingServerLog, startBillingServer } from '../support/billing-server.js';
import { notice } from '../support/dashboard-ui.js';
import { createChestThroughApi, createSecretsThroughApi, findEveryoneTeam } from '../support/secrets-api.js';
import { readSensitive } from '../support/sensitive-values.js';
import { openSettingsSection } from '../support/settings-ui.js';

// Issue 11, billing: the free plan's limits, the 30-day trial, paying with a test card, a coupon, the
// invoice and its PDF, cancelling; and with BILLING=off, no billing at all. The journeys' server runs
// with BILLING=off; the local ledger's journey runs on a second server of its own (billing-server.ts).

const TEST_CARD = '4242424242424242';
const UPGRADE = 'Upgrade to the Team Plan';

/** Adds a note through the dashboard's form; answers once saved or refused. */
async function addNote(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Secret' }).click();
  const form = page.getByRole('form', { name: 'New Secret' });
  await form.getByLabel('Type').selectOption('note');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Chest').selectOption({ label: 'Operations' });
  await form.getByLabel('Note', { exact: true }).fill(`${name}: the note`);
  await form.getByRole('button', { name: 'Save' }).click();
}

/** The organisation's totals of live secrets, chests and users, as the API counts them. */
async function totals(admin: ApiSession): Promise<{ secrets: number; chests: number; users: number }> {
  const total = async (path: string) => (await apiOk<ListResponse<unknown>>(admin, 'GET', path)).total;
  return {
    secrets: await total('/api/v1/secrets.json?limit=1&everything=true'),
    chests: await total('/api/v1/vaults.json?limit=1&everything=true'),
    users: await total('/api/v1/users.json?limit=1'),
  };
}

function billingRegion(panel: Locator, name: 'Plan' | 'Next Payment' | 'Payment Details'): Locator {
  return panel.getByRole('region', { name, exact: true });
}

test.describe('billing with the local ledger', () => {
  test.use({ baseURL: billingBaseUrl });
  let server: BillingServer | undefined;
  test.beforeAll(async () => {
    server = await startBillingServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('free plan to trial to paid and back: 25 secrets, the limit, the trial, a chest and a colleague, a card, a coupon, the invoice, cancelling, nothing lost, no second trial', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const { account, admin } = await newOrganisationThroughApi(request, testInfo);
    const everyone = await findEveryoneTeam(admin);
    const chest: Chest = await createChestThroughApi(admin, 'Operations', [
      { team_id: everyone.id, edit_access: true },
    ]);
    await createSecretsThroughApi(admin, chest.id, notesNumbered(24));
    await signInThroughUi(page, account.email, account.password);

    // The 25th secret fits the free plan; the 26th is refused with the notice and the Team Plan offer.
    await addNote(page, 'Secret 25');
    await expect(notice(page, 'Secret 25 created!')).toBeVisible({ timeout: 20_000 });
    await addNote(page, 'Secret 26');
    await expect(notice(page, FREE_PLAN_LIMIT_NOTICE)).toBeVisible({ timeout: 20_000 });
    const offer = page.getByRole('dialog', { name: UPGRADE });
    await expect(offer.getByText('Take 30 days free on us!')).toBeVisible();
    expect((await totals(admin)).secrets).toBe(25);

    // Activate Plan starts the one-time trial and opens the settings on Billing.
    await offer.getByRole('button', { name: 'Activate Plan' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(notice(page, 'Your 30-day free trial of the Team Plan has started.')).toBeVisible();
    let billing = page.getByRole('tabpanel', { name: 'Billing', exact: true });
    await expect(billingRegion(billing, 'Plan').getByText('Team Plan', { exact: true })).toBeVisible();
    await expect(
      billingRegion(billing, 'Plan').getByText(/^Free trial until \d\d\/\d\d\/\d{4}$/),
    ).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sections.getByRole('link', { name: 'Teams', exact: true })).toBeVisible();

    // On the trial: a second chest, the 26th secret and a colleague.
    await page.goto('/admin/chests');
    await page.getByRole('button', { name: 'New Chest' }).click();
    const chestForm = page.getByRole('form', { name: 'New Chest' });
    await chestForm.getByLabel('Name', { exact: true }).fill('Archive');
    await chestForm.getByRole('button', { name: 'Link Teams' }).click();
    const link = page.getByRole('dialog', { name: 'Link Teams' });
    await link.getByRole('checkbox', { name: 'Everyone' }).check();
    await link.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Archive created!')).toBeVisible();
    await addNote(page, 'Secret 26');
    await expect(notice(page, 'Secret 26 created!')).toBeVisible({ timeout: 20_000 });
    await openUsersTable(page);
    await page.getByRole('button', { name: 'New User' }).click();
    const userForm = page.getByRole('form', { name: 'New User' });
    await userForm.getByLabel('Name').fill('Cora Colleague');
    await userForm.getByLabel('Email').fill(uniqueEmail(testInfo, 'cora'));
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('heading', { name: 'Cora Colleague has been added' })).toBeVisible({
      timeout: 60_000,
    });
    expect(await totals(admin)).toEqual({ secrets: 26, chests: 2, users: 2 });

    // Paying with a test card: Change Plan, the Team Plan, the payment form.
    billing = await openSettingsSection(page, 'Billing');
    await billing.getByRole('button', { name: 'Change Plan' }).click();
    await billing.getByRole('button', { name: 'Choose Team Plan' }).click();
    const payment = page.getByRole('form', { name: 'Payment Details' });
    await payment.getByLabel('Full Name').fill('Ada Owner');
    await payment.getByLabel('Address Line 1').fill('1 Main Street');
    await payment.getByLabel('City').fill('London');
    await payment.getByLabel('Postal Code').fill('N1 1AA');
    await payment.getByLabel('Country').selectOption('GB');
    await payment.getByLabel('Card Number').fill(TEST_CARD);
    await payment.getByLabel('Expiry').fill('04/30');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: 'Subscribe' }).click();
    await expect(notice(page, 'Billing information has been successfully updated')).toBeVisible();
    await expect(billingRegion(billing, 'Plan').getByText('Active', { exact: true })).toBeVisible();
    const card = billingRegion(billing, 'Payment Details');
    await expect(card.getByText('Visa ending in 4242', { exact: true })).toBeVisible();
    await expect(card.getByText('Expires 04/2030', { exact: true })).toBeVisible();
    // The unit amount times the two accounts.
    await expect(billingRegion(billing, 'Next Payment').getByText('£6.00', { exact: true })).toBeVisible();

    // A coupon from the payment details.
    await card.getByRole('button', { name: 'Apply a coupon' }).click();
    const couponDialog = page.getByRole('dialog', { name: 'Apply a coupon' });
    await couponDialog.getByLabel('Coupon').fill('WELCOME10');
    await couponDialog.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(notice(page, 'Coupon WELCOME10 applied.')).toBeVisible();

    // The invoice in the history, and its PDF (fetched with the session, handed over as a download).
    await billingRegion(billing, 'Next Payment').getByRole('button', { name: 'See billing history' }).click();
    const history = page.getByRole('table', { name: 'Billing History' });
    const invoice = history
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Invoice PDF' }) });
    await expect(invoice).toHaveCount(1);
    await expect(invoice.getByRole('cell').nth(1)).toHaveText(/^£\d+\.\d\d$/);
    await expect(invoice.getByRole('cell').nth(2)).toHaveText('paid');
    const download = page.waitForEvent('download');
    await invoice.getByRole('button', { name: 'Invoice PDF' }).click();
    const file = await (await download).path();
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await billing.getByRole('button', { name: 'Back', exact: true }).click();

    // Cancelling: the current plan's card asks, then the summary shows the free plan again.
    await billing.getByRole('button', { name: 'Change Plan' }).click();
    await billing.getByRole('button', { name: 'Cancel Team Plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to cancel your subscription?' });
    await expect(confirm.getByText('You will not be charged for time after this.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(notice(page, 'Your subscription has been cancelled.')).toBeVisible();
    await expect(billingRegion(billing, 'Plan').getByText('Free', { exact: true })).toBeVisible();
    await expect(sections.getByRole('link', { name: /^Unlock/ })).toHaveAttribute('href', '/plans');

    // Back on the free plan: everything kept, nothing new beyond its limits.
    expect(await totals(admin)).toEqual({ secrets: 26, chests: 2, users: 2 });
    // The chest's readers now include the colleague, whose key this browser made (and so trusts).
    await addNote(page, 'Secret 27');
    await expect(notice(page, FREE_PLAN_LIMIT_NOTICE)).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByRole('dialog', { name: UPGRADE }).getByRole('button', { name: 'Activate Plan' }),
    ).toBeEnabled();
    await expect(
      page.getByRole('dialog', { name: UPGRADE }).getByText('Take 30 days free on us!'),
    ).toHaveCount(0);
    await page.getByRole('dialog', { name: UPGRADE }).getByRole('button', { name: 'Not now' }).click();
    expect((await totals(admin)).secrets).toBe(26);

    // No second trial: /plans offers none, and the server refuses one.
    await page.goto('/plans');
    await expect(page.getByRole('heading', { name: 'Choose your best plan' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Free' }).getByText('Current Plan').first()).toBeVisible();
    await expect(page.getByText('Take 30 days free on us!')).toHaveCount(0);
    const secondTrial = await apiCall<{ errors?: string[] }>(
      admin,
      'POST',
      '/api/v1/billing_api/subscriptions',
    );
    expect(secondTrial.status).toBe(400);
    expect(secondTrial.json.errors?.[0]).toBeTruthy();

    // This server's log never saw the card number, nor any password, hash or token of the run.
    const log = await readBillingServerLog();
    expect(log.includes(TEST_CARD), 'the card number is in the billing server log').toBe(false);
    const leaked = (await readSensitive()).filter((entry) => log.includes(entry.value));
    expect(leaked.map((entry) => entry.kind)).toEqual([]);
  });
});

test('billing off: no billing screen and no limit', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const config = await apiOk<{ mode: string }>(admin, 'GET', '/api/v1/billing_api/config');
  expect(config.mode).toBe('off');
  const everyone = await findEveryoneTeam(admin);
  const writers = [{ team_id: everyone.id, edit_access: true }];
  const chest = await createChestThroughApi(admin, 'Operations', writers);
  await createChestThroughApi(admin, 'Archive', writers);
  await createSecretsThroughApi(admin, chest.id, notesNumbered(26));
  expect((await totals(admin)).secrets).toBe(26);
  expect((await apiCall(admin, 'GET', '/api/v1/billing_api/subscriptions')).status).toBe(404);

  await signInThroughUi(page, account.email, account.password);
  await page.goto('/admin/settings');
  const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
  await expect(tabs).toHaveText(['General', 'Audit Log', 'Owner Actions']);
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('link', { name: 'Teams', exact: true })).toBeVisible();
  await expect(sections.getByRole('link', { name: /^Unlock/ })).toHaveCount(0);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('list', { name: 'Secrets', exact: true })).toBeVisible();
});

/** Notes 'Secret 1' to 'Secret N', to fill a chest up to the free plan's limit. */
function notesNumbered(count: number) {
  return Array.from({ length: count }, (_, offset) => ({
    name: `Secret ${offset + 1}`,
    category: 'note' as const,
    payload: { note: `Note ${offset + 1}` },
  }));
}
