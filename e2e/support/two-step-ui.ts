import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { confirmWithPassword } from './settings-ui.js';
import { totpCode, totpStepAt } from './totp.js';

/** SecureConfirm's title before two-step setup hands out a seed. */
export const START_TWO_STEP_PROMPT = 'Set up two-step verification?';

/**
 * From /profile/twofactor's CHOICE step to CODE, as a user does: 'I have an app', then SecureConfirm
 * with the account's password (the server hands out a seed only to a session that has just proven
 * it). Answers the key the app would scan.
 */
export async function startTwoStepSetup(page: Page, password: string): Promise<string> {
  await page.getByRole('button', { name: 'I have an app' }).click();
  await confirmWithPassword(page.getByRole('dialog', { name: START_TWO_STEP_PROMPT }), password, 'Continue');
  const key = (await page.getByTestId('two-factor-key').textContent({ timeout: 30_000 }))?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  return key;
}

/**
 * Turns two-step on from Account Settings: Enable, the password, the app's code, and 'Yes' to
 * having saved the recovery codes. Answers the key and the time step the activation used up.
 */
export async function enableTwoStepThroughUi(
  page: Page,
  password: string,
): Promise<{ key: string; step: number }> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Enable Two-Step Verification' }).click();
  await expect(page).toHaveURL(/\/profile\/twofactor$/);
  const key = await startTwoStepSetup(page, password);
  const step = totpStepAt();
  await page.getByLabel('Verification code').fill(totpCode(key, step));
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Disable Two-Step Verification' })).toBeVisible();
  return { key, step };
}
