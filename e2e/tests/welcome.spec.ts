import { expect, test } from '@playwright/test';
import { newAccount } from '../support/accounts.js';
import { registerAndConfirm, signInThroughUi } from '../support/accounts-ui.js';
import { notice, openSecretFromList } from '../support/dashboard-ui.js';

// Issue 4, welcome: what a fresh administrator meets after the first sign-in.

test('welcome: an administrator sees the spec buttons, walks the three-slide tutorial and skips to /', async ({
  page,
}, testInfo) => {
  const account = newAccount(testInfo);
  await registerAndConfirm(page, account);
  await signInThroughUi(page, account.email, account.password);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(page.getByText('Just a few steps to help get you started.')).toBeVisible();
  for (const name of ["Let's explore the product", 'Setup Two-Step Verification', 'Add your first Secret']) {
    await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toBeEnabled();
  }
  // An administrator who need not change the password is not offered it.
  await expect(page.getByRole('button', { name: /Setup a personal password/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();

  await page.getByRole('button', { name: /^Let's explore the product/ }).click();
  await expect(page).toHaveURL(/\/welcome\/tutorial$/);
  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(page.getByRole('region', { name: '1 of 3' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Coffer' })).toBeVisible();
  await expect(previous).toBeDisabled();
  await expect(finish).toHaveCount(0);
  await next.click();
  await expect(page.getByRole('region', { name: '2 of 3' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find anything with the search bar' })).toBeVisible();
  await previous.click();
  await expect(page.getByRole('region', { name: '1 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Slide 3' }).click();
  await expect(page.getByRole('region', { name: '3 of 3' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Move around with the keyboard' })).toBeVisible();
  await expect(next).toHaveCount(0);
  await finish.click();
  // The tutorial is done; an administrator's next step is the first secret.
  await expect(page).toHaveURL(/\/welcome\/first_secret$/);
  await expect(page.getByRole('heading', { name: 'Add your first Secret' })).toBeVisible();

  await page.goto('/welcome');
  await expect(page.getByRole('button', { name: /^Let's explore the product/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeAttached();
  await expect(page.getByRole('tab', { name: 'Secrets' })).toBeVisible();
  // Onboarding is over: /welcome now sends the user home.
  await page.goto('/welcome');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  // Issue 26: the empty dashboard offers the first chest in one step, then the form in it.
  const offer = page.getByRole('region', { name: 'Create your first chest' });
  await expect(offer.getByLabel('Name')).toHaveValue('Shared');
  await offer.getByRole('button', { name: 'Create your first chest' }).click();
  await expect(notice(page, 'Shared created!')).toBeVisible();
  await expect(offer).toHaveCount(0);
  const form = page.getByRole('form', { name: 'New Secret' });
  await expect(form.getByLabel('Chest').locator('option:checked')).toHaveText('Shared');
});

// Issues 8 and 26: a brand-new organisation has no chest; the first secret must not need the admin
// area, and its first chest is one step (a name ready to accept) above the form.
test('welcome: a new owner stores a first secret, making the first chest in one step', async ({
  page,
}, testInfo) => {
  const account = newAccount(testInfo);
  await registerAndConfirm(page, account);
  await signInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: /^Add your first Secret/ }).click();
  await expect(page).toHaveURL(/\/welcome\/first_secret$/);

  const offer = page.getByRole('region', { name: 'Create your first chest' });
  await offer.getByLabel('Name').fill('Office');
  await offer.getByRole('button', { name: 'Create your first chest' }).click();
  await expect(notice(page, 'Office created!')).toBeVisible();
  await expect(offer).toHaveCount(0);
  const form = page.getByRole('form', { name: 'New Secret' });
  await expect(form.getByLabel('Chest').locator('option:checked')).toHaveText('Office');

  await form.getByLabel('Type').selectOption('password');
  await form.getByLabel('Name', { exact: true }).fill('Office wifi');
  await form.getByLabel('Username', { exact: true }).fill('guest');
  await form.getByLabel('Password', { exact: true }).fill('Lantern-Quartz-42!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Office wifi created!')).toBeVisible({ timeout: 20_000 });

  // The secret step is done: the welcome menu no longer offers it, and the dashboard opens it decrypted.
  await page.goto('/welcome');
  await expect(page.getByRole('button', { name: /^Add your first Secret/ })).toBeDisabled();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const viewer = await openSecretFromList(page, 'Office wifi');
  await expect(viewer.getByText('guest')).toBeVisible();
});
