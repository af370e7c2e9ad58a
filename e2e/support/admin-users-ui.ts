import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { strongPassword } from './accounts.js';
import { adminRow, adminTable, topBarToggle } from './admin-ui.js';
import { confirmPeopleAndShare } from './confirm-people-ui.js';
import { notice } from './dashboard-ui.js';
import { recordSensitive } from './sensitive-values.js';

/** Opens /admin/teams on the Users table. */
export async function openUsersTable(page: Page): Promise<Locator> {
  await page.goto('/admin/teams');
  await topBarToggle(page, 'Users').click();
  const table = adminTable(page, 'Users');
  await expect(table).toBeVisible();
  return table;
}

/**
 * Adds a user from the Users table's New User form, as an administrator does: this browser makes
 * their key pair and trusts it. Answers the generated password read off the FINISH step (recorded as
 * sensitive, so the log check looks for it), still on that step.
 */
export async function addUserThroughUi(page: Page, name: string, email: string): Promise<string> {
  await openUsersTable(page);
  await page.getByRole('button', { name: 'New User' }).click();
  const form = page.getByRole('form', { name: 'New User' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('heading', { name: `${name} has been added` })).toBeVisible({
    timeout: 60_000,
  });
  const generated = (await page.getByTestId('generated-password').textContent()) ?? '';
  await recordSensitive({ kind: 'password', value: generated });
  return generated;
}

/** Opens a user's page from the Users table (a row click). */
export async function openUserPage(page: Page, name: string): Promise<void> {
  const table = await openUsersTable(page);
  await adminRow(table, name).getByRole('button', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/teams\/user$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

/** A toggle of the user page's settings panel. */
export function userSwitch(page: Page, name: 'Administrator' | 'Block'): Locator {
  return page.getByRole('switch', { name, exact: true });
}

/**
 * Shares the keys colleagues lack from the administrator's browser (the dashboard's notice), as an
 * administrator does after someone joins or gets new keys. A key this browser has not confirmed yet
 * is named in 'Confirm people before sharing': the administrator compares its fingerprint with the
 * one the user reads in their Account Settings, then ticks that person and shares.
 */
export async function reshareFromDashboard(
  page: Page,
  person: { name: string; fingerprint: string },
): Promise<void> {
  await page.goto('/');
  const reshare = page.getByRole('button', { name: 'Reshare Missing Keys' });
  await expect(reshare).toBeVisible({ timeout: 20_000 });
  await reshare.click();
  const shared = page.getByText(/^\d+ missing keys? shared\.$/);
  const dialog = page.getByRole('dialog', { name: /Confirm people before sharing|Security warning/ });
  await expect(shared.or(dialog).first()).toBeVisible({ timeout: 30_000 });
  if (await dialog.isVisible()) {
    await expect(dialog.getByRole('listitem').filter({ hasText: person.name })).toContainText(
      person.fingerprint,
    );
    await confirmPeopleAndShare(dialog, [person.name]);
  }
  await expect(shared).toBeVisible({ timeout: 30_000 });
}

/**
 * The personal-password form that / insists on while must_change_password is set: the current
 * (generated or reset) password, then a new one of the user's own. Answers the new password.
 */
export async function setPersonalPassword(page: Page, currentPassword: string): Promise<string> {
  await expect(page).toHaveURL(/\/profile\/personal_password$/);
  const personal = strongPassword();
  const form = page.getByRole('form', { name: 'Personal password' });
  await form.getByLabel('Current Password (the one you signed in with)').fill(currentPassword);
  await form.getByLabel('New Password', { exact: true }).fill(personal);
  await form.getByLabel('Confirm New Password').fill(personal);
  await form.getByRole('button', { name: 'Set Password' }).click();
  await expect(notice(page, 'Your personal password has been set.')).toBeVisible({ timeout: 30_000 });
  await recordSensitive({ kind: 'password', value: personal });
  return personal;
}

/**
 * Reads the key fingerprint's hex shown on the page (Account Settings, or an administrator's user
 * page): the hex of a fingerprint shown as words above hex, or the shown text when it is hex alone.
 */
export async function readFingerprint(page: Page): Promise<string> {
  const shown = page.getByTestId('key-fingerprint');
  await expect(shown).toBeVisible();
  const hex = shown.getByTestId('fingerprint-hex');
  const fingerprint = (await hex.count()) > 0 ? hex : shown;
  await expect(fingerprint).toHaveText(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
  return (await fingerprint.textContent()) ?? '';
}

/** Waits for an entry of the 'User Activity Log', scrolling for older pages (10 at a time). */
export async function expectActivity(page: Page, action: RegExp): Promise<void> {
  const log = adminTable(page, 'User Activity Log');
  await expect(async () => {
    await page.getByTestId('table-sentinel').last().scrollIntoViewIfNeeded();
    await expect(log.getByRole('cell', { name: action }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
