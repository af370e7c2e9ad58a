import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { confirmationPath } from './accounts.js';
import type { ApiSession } from './api-session.js';

/** An admin table by its name ('Chests', 'Secrets', 'Deleted secrets', 'Secrets in {chest}'). */
export function adminTable(page: Page, name: string): Locator {
  return page.getByRole('table', { name, exact: true });
}

/** A row of an admin table by the name in its first cell. */
export function adminRow(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('button', { name, exact: true }) });
}

/** The names in an admin table's first column, top to bottom. */
export function adminRowNames(table: Locator): Promise<string[]> {
  return table.locator('tbody .admin-table__name-text').allTextContents();
}

/** A button of the admin top bar's toggle ('Chests', 'Secrets'). */
export function topBarToggle(page: Page, name: string): Locator {
  return page.getByRole('group', { name: 'Show' }).getByRole('button', { name, exact: true });
}

/**
 * Scrolls an admin table's end into view until it shows at least `count` rows (20 are loaded at a
 * time). At least, not exactly: a retry scrolls again and may already have loaded the next page.
 * Callers prove the final total with an exact count.
 */
export async function scrollUntilRows(table: Locator, count: number): Promise<void> {
  await expect(async () => {
    await table.page().getByTestId('table-sentinel').scrollIntoViewIfNeeded();
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
}

/** Confirms an account through the token of its newest mail, as its owner's mail client would. */
export async function confirmThroughApi(request: APIRequestContext, email: string): Promise<void> {
  const link = new URL(await confirmationPath(email), 'http://x');
  const answer = await request.get(`/users/confirmation.json${link.search}`);
  expect(answer.status(), 'confirmation').toBe(200);
}

/**
 * Opens the web app at `path` in a session signed in through the API (the token in localStorage,
 * as the login screen leaves it), for journeys where signing in is not what is tested.
 */
export async function openWithSession(page: Page, session: ApiSession, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((token) => localStorage.setItem('token', token), session.token);
  await page.goto(path);
}
