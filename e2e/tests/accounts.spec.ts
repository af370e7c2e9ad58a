import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  confirmationPath,
  newAccount,
  registerThroughApi,
  strongPassword,
  uniqueEmail,
} from '../support/accounts.js';
import {
  CONFIRMED_NOTICE,
  logOutThroughMenu,
  readToken,
  registerThroughUi,
  signInThroughUi,
  submitLogin,
} from '../support/accounts-ui.js';
import { apiCall, apiSignIn, finishWelcome } from '../support/api-session.js';
import { countStoredKeys, readStorageKeys } from '../support/browser-storage.js';
import { findLink, readOutbox, waitForMail } from '../support/outbox.js';
import { createChestThroughApi, createSecretThroughApi, findEveryoneTeam } from '../support/secrets-api.js';
import { recordSensitive } from '../support/sensitive-values.js';
import { setAutoLogoutThroughSettings } from '../support/settings-ui.js';
import { totpCode, totpStepAt } from '../support/totp.js';
import { startTwoStepSetup } from '../support/two-step-ui.js';

// Issue 3, accounts: registration, two-step verification, password and e-mail changes, auto logout,
// and guards. The server log's hygiene over everything they sent is checked in log-hygiene.spec.ts.

const NOT_CONFIRMED = 'You have to confirm your email address before continuing.';
const WRONG_CREDENTIALS = 'Invalid Email or password.';
const EMAIL_CHANGED = 'Your email address has been changed. Sign in with your new email address.';
const LINK_USED = 'This email change link is invalid or has already been used.';
const RECOVERY_REFUSED =
  "Invalid recovery codes - please check that you've entered the right codes and try again. If you still experience issues, please contact your organisation's administrator.";

test.describe('accounts', () => {
  test('registers in three steps, confirms through the e-mail link, then signs in to /welcome', async ({
    page,
  }, testInfo) => {
    const account = newAccount(testInfo);
    await page.goto('/register');
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toBeVisible();
    await page.getByLabel('Company Name').fill(account.company);
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('checkbox', { name: /I agree to the EULA and the Privacy Policy/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    const meter = page.getByRole('meter', { name: 'Password strength' });
    await expect(meter).toBeVisible();
    await expect(page.getByTestId('strength-bar')).toHaveCount(5);
    const create = page.getByRole('button', { name: 'Create' });
    await page.getByLabel('New Password', { exact: true }).fill(account.password);
    await expect(meter).not.toHaveAttribute('aria-valuenow', '0');
    await expect(create).toBeDisabled();
    await page.getByLabel('Confirm Password').fill(account.password);
    await create.click();

    await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('confirmation-email')).toHaveText(account.email);
    await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
    await recordSensitive({ kind: 'password', value: account.password });

    // Before the link is opened the server refuses, and the login form says why.
    await page.goto('/login');
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('alert')).toContainText(NOT_CONFIRMED);
    await expect(page).toHaveURL(/\/login$/);

    const link = await confirmationPath(account.email);
    expect(link).toMatch(/^\/login\?confirmation_token=[^&]+$/);
    await page.goto(link);
    await expect(page.getByText(CONFIRMED_NOTICE)).toBeVisible();
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughUi(page, account.email, account.password);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });

  test('two-step verification: set up with a TOTP app, then sign in with a code and with a recovery code once', async ({
    page,
    request,
  }, testInfo) => {
    // Five sign-ins and two SecureConfirms, each a 600,000-iteration derivation in the browser.
    test.setTimeout(180_000);
    const account = newAccount(testInfo);
    await registerThroughApi(request, account);
    await signInThroughUi(page, account.email, account.password);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Enable Two-Step Verification' }).click();
    await expect(page).toHaveURL(/\/profile\/twofactor$/);
    // SecureConfirm first: the seed goes only to a session that has just proven the password.
    const key = await startTwoStepSetup(page, account.password);
    const activationStep = totpStepAt();
    await page.getByLabel('Verification code').fill(totpCode(key, activationStep));
    await page.getByRole('button', { name: 'Enable' }).click();

    const list = page.getByTestId('recovery-codes');
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    await recordSensitive(...codes.map((value) => ({ kind: 'recovery code' as const, value })));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('coffer-recovery-codes.txt');
    const saved = await readFile(await download.path(), 'utf8');
    for (const code of codes) expect(saved).toContain(code);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Did you save your recovery codes?' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'Disable Two-Step Verification' })).toBeVisible();

    // A code from the app: the activation used its step, so the app's next code is the one to type.
    await logOutThroughMenu(page, account.name);
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
    await page.getByLabel('OTP Code').fill(totpCode(key, activationStep + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // A recovery code lets the user in once.
    const [recoveryCode = ''] = codes;
    await logOutThroughMenu(page, account.name);
    await submitLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expect(page.getByRole('heading', { name: 'Bypass two-step verification' })).toBeVisible();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await logOutThroughMenu(page, account.name);
    await submitLogin(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText(RECOVERY_REFUSED);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Recovery code').fill(codes[1] ?? '');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });

    // New recovery codes and turning two-step off both ask for the password first (SecureConfirm).
    await page.goto('/profile');
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    const renew = page.getByRole('dialog', { name: 'Get new recovery codes?' });
    await renew.getByLabel('Password', { exact: true }).fill(`${account.password}!`);
    await renew.getByRole('button', { name: 'Get new codes' }).click();
    await expect(renew.getByText('Password entered is incorrect.')).toBeVisible({ timeout: 30_000 });
    await renew.getByLabel('Password', { exact: true }).fill(account.password);
    await renew.getByRole('button', { name: 'Get new codes' }).click();
    const fresh = page.getByRole('dialog', { name: 'New recovery codes' });
    await expect(fresh.getByRole('listitem')).toHaveCount(10, { timeout: 30_000 });
    const newCodes = (await fresh.getByRole('listitem').allTextContents()).map((code) => code.trim());
    await recordSensitive(...newCodes.map((value) => ({ kind: 'recovery code' as const, value })));
    expect(newCodes.some((code) => codes.includes(code))).toBe(false);
    await fresh.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Disable Two-Step Verification' }).click();
    const disable = page.getByRole('dialog', { name: 'Are you sure you want to disable 2FA?' });
    await expect(
      disable.getByText('This will allow anybody with your account password to access the account.'),
    ).toBeVisible();
    await disable.getByLabel('Password', { exact: true }).fill(account.password);
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Success: Two-factor authentication has been disabled.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Enable Two-Step Verification' })).toBeVisible();

    // Off: the password alone signs in again.
    await logOutThroughMenu(page, account.name);
    await signInThroughUi(page, account.email, account.password);
  });
  test('changes the password: the old one fails, the new one works and still opens the private key', async ({
    page,
    request,
  }, testInfo) => {
    const account = newAccount(testInfo);
    const newPassword = strongPassword();
    await registerThroughApi(request, account);
    const admin = await apiSignIn(request, account);
    await finishWelcome(admin);
    const everyone = await findEveryoneTeam(admin);
    const chest = await createChestThroughApi(admin, 'Finance', [
      { team_id: everyone.id, edit_access: true },
    ]);
    await createSecretThroughApi(admin, {
      vaultId: chest.id,
      name: 'Bank login',
      category: 'password',
      payload: {
        username: 'ada.treasurer',
        password: 'S3cret-Bank-Pass!',
        url: 'https://bank.example',
        note: '',
      },
    });

    await signInThroughUi(page, account.email, account.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(account.password);
    await dialog.getByLabel('New Password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm New Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Password Updated' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Click to continue' }).click();
    await recordSensitive({ kind: 'password', value: newPassword });

    await logOutThroughMenu(page, account.name);
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('alert')).toContainText(WRONG_CREDENTIALS);
    await expect(page).toHaveURL(/\/login$/);

    await signInThroughUi(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    // The secret made before the change opens with the re-sealed private key.
    await page.getByRole('button', { name: /^Bank login/ }).click();
    const viewer = page.getByRole('region', { name: 'Bank login' });
    await expect(viewer.getByText('ada.treasurer')).toBeVisible();
    await apiSignIn(request, { email: account.email, password: newPassword });
  });

  test('changes the e-mail only once the new address confirms: the modal, the pending row, the link, sign-in with the new address', async ({
    page,
    request,
  }, testInfo) => {
    const account = newAccount(testInfo);
    const newEmail = uniqueEmail(testInfo, 'renamed');
    await registerThroughApi(request, account);
    await signInThroughUi(page, account.email, account.password);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Email' }).click();
    const emailStep = page.getByRole('dialog', { name: 'Change Email' });
    await emailStep.getByLabel('New Email', { exact: true }).fill(newEmail);
    await emailStep.getByLabel('Confirm New Email').fill(newEmail);
    await emailStep.getByRole('button', { name: 'Next' }).click();
    const passwordStep = page.getByRole('dialog', { name: 'Confirm with your password' });
    await passwordStep.getByLabel('Password', { exact: true }).fill(account.password);
    await passwordStep.getByRole('button', { name: 'Save' }).click();
    const success = page.getByRole('dialog', { name: 'Confirm Your New Email' });
    await expect(success).toBeVisible({ timeout: 30_000 });
    await expect(success).toContainText(`We sent a link to ${newEmail}.`);
    await success.getByRole('button', { name: 'OK' }).click();
    await expect(success).toBeHidden();

    // Pending: the session goes on, the old address still signs in, the old address was told.
    await expect(page.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
    await page.reload();
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();
    await expect(page.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
    await apiSignIn(request, account);
    const notice = await waitForMail(account.email, 2);
    expect(notice.subject).toBe('Someone asked to change your Coffer email address');
    expect(notice.links).toEqual([]);

    // The link, opened in the same browser: applied once, the token leaves the address bar.
    const link = findLink(await waitForMail(newEmail), /\/email_change\?email_change_token=/);
    await page.goto(link);
    await expect(page.getByText(EMAIL_CHANGED)).toBeVisible();
    await expect(page).toHaveURL(/\/email_change$/);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readToken(page)).toBe('');

    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('alert')).toContainText(WRONG_CREDENTIALS);
    await signInThroughUi(page, newEmail, account.password);
    await page.goto('/profile');
    await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0);
    await apiSignIn(request, { email: newEmail, password: account.password });

    // Used once: the same link again says so.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(LINK_USED);
  });

  test('registering with a known address shows the same Check your mailbox step and tells the owner instead', async ({
    page,
    request,
  }, testInfo) => {
    const owner = newAccount(testInfo);
    await registerThroughApi(request, owner);
    const mailsBefore = (await readOutbox()).filter((mail) => mail.to.includes(owner.email)).length;

    await registerThroughUi(page, { ...newAccount(testInfo), email: owner.email });
    await expect(page.getByTestId('confirmation-email')).toHaveText(owner.email);
    const notice = await waitForMail(owner.email, mailsBefore + 1);
    expect(notice.subject).toBe('Someone tried to use your email address on Coffer');
    // Nothing was made: the owner still signs in with their own password.
    await apiSignIn(request, owner);
  });

  test('auto logout: the warning counts down, Stay Logged In keeps the session, 0 logs out and deletes the key', async ({
    page,
    request,
  }, testInfo) => {
    const account = newAccount(testInfo);
    await registerThroughApi(request, account);
    await finishWelcome(await apiSignIn(request, account));
    await page.clock.install();
    await signInThroughUi(page, account.email, account.password);
    // The private key, kept once per use: to unwrap and to sign.
    expect(await countStoredKeys(page)).toBe(2);
    // The shortest choice of the settings' Auto Logout; the clock runs it out instead of waiting.
    await setAutoLogoutThroughSettings(page, '5 minutes');

    const warning = page.getByRole('dialog', { name: 'Session Expire Warning' });
    const countdown = warning.getByTestId('inactivity-countdown');
    await page.clock.fastForward('04:50');
    await expect(warning).toBeHidden();
    await page.clock.fastForward('00:10');
    await expect(warning).toBeVisible();
    await expect(countdown).toHaveText('60');
    await page.clock.runFor(5_000);
    await expect(countdown).toHaveText('55');
    await warning.getByRole('button', { name: 'Stay Logged In' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    const token = await readToken(page);
    expect(token).not.toBe('');
    const stillValid = await apiCall({ request, token }, 'GET', '/api/v1/profile.json');
    expect(stillValid.status).toBe(200);

    await page.clock.fastForward('05:00');
    await expect(warning).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(page).toHaveURL(/\/login$/);
    await expect(warning).toBeHidden();
    expect(await countStoredKeys(page)).toBe(0);
    expect(await readStorageKeys(page)).not.toContain('token');
    const revoked = await apiCall({ request, token }, 'GET', '/api/v1/profile.json');
    expect(revoked.status).toBe(401);
  });

  test('guards: a protected path sends a visitor to /login and back after signing in; visitor pages send a signed-in user to /', async ({
    page,
    request,
  }, testInfo) => {
    const account = newAccount(testInfo);
    await registerThroughApi(request, account);
    await finishWelcome(await apiSignIn(request, account));

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await recordSensitive({ kind: 'session token', value: await readToken(page) });

    for (const visitorPath of ['/login', '/register']) {
      await page.goto(visitorPath);
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeAttached();
    }
  });
});
