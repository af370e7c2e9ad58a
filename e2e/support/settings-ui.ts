import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { notice } from './dashboard-ui.js';

/** The /admin/settings section by its label in the left list ('General', 'Owner Actions'...). */
export async function openSettingsSection(page: Page, section: string): Promise<Locator> {
  if (!new URL(page.url()).pathname.startsWith('/admin/settings')) await page.goto('/admin/settings');
  const tab = page
    .getByRole('tablist', { name: 'Settings sections' })
    .getByRole('tab', { name: section, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name: section, exact: true });
}

/** Sets the organisation's Auto Logout through the General section ('5 minutes', 'Never'...). */
export async function setAutoLogoutThroughSettings(page: Page, label: string): Promise<void> {
  const general = await openSettingsSection(page, 'General');
  await general.getByRole('button', { name: 'Edit Auto Logout' }).click();
  await general.getByLabel('Auto Logout', { exact: true }).selectOption({ label });
  await general.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Update the auto logout?' });
  await confirm.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(notice(page, 'Auto logout updated successfully')).toBeVisible();
  await expect(general.getByText(label, { exact: true })).toBeVisible();
}

/** Answers a SecureConfirm (or Transfer) dialog's password and presses its confirm button. */
export async function confirmWithPassword(dialog: Locator, password: string, button: string): Promise<void> {
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}
