import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A list of the dashboard by its name ('Secrets', 'Chests', 'Deleted secrets', 'Secrets in {chest}'). */
export function dashboardList(page: Page, name: string): Locator {
  return page.getByRole('list', { name, exact: true });
}

/** A row's open button in a list: its accessible name starts with the row's name. */
export function rowButton(list: Locator, name: string): Locator {
  return list.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}(\\s|$)`) });
}

/** The secret viewer of an opened secret (a region named by its heading). */
export function secretViewer(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** A notification banner with this exact text. */
export function notice(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
}

/** Opens a secret from the Secrets list and waits until it is decrypted. */
export async function openSecretFromList(page: Page, name: string, listName = 'Secrets'): Promise<Locator> {
  await rowButton(dashboardList(page, listName), name).click();
  const viewer = secretViewer(page, name);
  await expect(viewer.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 20_000 });
  return viewer;
}

/** A row's options menu, opened with its 'Options for {name}' button. */
export async function openRowMenu(list: Locator, name: string): Promise<Locator> {
  await list.getByRole('button', { name: `Options for ${name}`, exact: true }).click();
  const menu = list.page().getByRole('menu', { name: `Options for ${name}`, exact: true });
  await expect(menu).toBeVisible();
  return menu;
}

/** Takes the keyboard focus off any element, as when nothing on the page has been clicked. */
export async function blurActiveElement(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}
