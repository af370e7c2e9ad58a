import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Account } from './accounts.js';
import { confirmationPath } from './accounts.js';
import { authHashOf } from './api-session.js';
import { recordSensitive } from './sensitive-values.js';

/** The success notice of a confirmation link (the server's message). */
export const CONFIRMED_NOTICE = 'Your email address has been successfully confirmed.';

/** Goes through /register's three steps and stops at 'Check your mailbox'. */
export async function registerThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Company Name').fill(account.company);
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('checkbox', { name: /I agree to the EULA and the Privacy Policy/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('New Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible({ timeout: 30_000 });
  await recordSensitive({ kind: 'password', value: account.password });
}

/** Opens the confirmation link of the newest mail to the account and waits for the confirmed notice. */
export async function confirmThroughMail(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationPath(email));
  await expect(page.getByText(CONFIRMED_NOTICE)).toBeVisible();
}

/** Registers through the real UI and confirms through the e-mail's link; ends on /login. */
export async function registerAndConfirm(page: Page, account: Account): Promise<void> {
  await registerThroughUi(page, account);
  await confirmThroughMail(page, account.email);
}

/** Fills and sends the Login state of /login; callers assert where it leads. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs in through /login (no two-step) and waits until the app has left it. Records what the log
 * must never show: the password, the auth hash of this e-mail and password, the session token and
 * the sealed private key of the sign-in answer.
 */
export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/users/sign_in') && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await submitLogin(page, email, password);
  const answer = await answered;
  expect(answer.status(), `sign in of ${email}`).toBe(201);
  const profile = (await answer.json()) as { encrypted_private_key: string };
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await recordSensitive(
    { kind: 'password', value: password },
    { kind: 'auth hash', value: await authHashOf(email, password) },
    {
      kind: 'session token',
      value: ((await answer.headerValue('authorization')) ?? '').replace(/^Bearer\s+/i, ''),
    },
    { kind: 'session token', value: await readToken(page) },
    { kind: 'encrypted private key', value: profile.encrypted_private_key },
  );
}

/** The session token the app keeps in localStorage ('' when none). */
export async function readToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
}

/** Logs out through the account menu (acts at once) and waits for /login. */
export async function logOutThroughMenu(page: Page, accountName: string): Promise<void> {
  await page.getByRole('button', { name: accountName }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}
