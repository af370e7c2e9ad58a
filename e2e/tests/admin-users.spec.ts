import { expect, test } from '@playwright/test';
import { strongPassword, uniqueEmail } from '../support/accounts.js';
import { signInThroughUi, submitLogin } from '../support/accounts-ui.js';
import { adminWithChests } from '../support/admin-setup.js';
import {
  addUserThroughUi,
  expectActivity,
  openUserPage,
  openUsersTable,
  readFingerprint,
  reshareFromDashboard,
  setPersonalPassword,
  userSwitch,
} from '../support/admin-users-ui.js';
import { apiSignIn, finishWelcome } from '../support/api-session.js';
import { notice, openSecretFromList } from '../support/dashboard-ui.js';
import { onboardMember } from '../support/member-setup.js';
import { findLink, waitForMail } from '../support/outbox.js';
import { createSecretThroughApi } from '../support/secrets-api.js';
import { recordSensitive } from '../support/sensitive-values.js';
import { confirmWithPassword } from '../support/settings-ui.js';
import { enableTwoStepThroughUi } from '../support/two-step-ui.js';

// Issue 9, Administration II: teams, users and what they did. Every key pair here is made in a
// browser: the administrator's for a new user and a reset (from the password it shows), the user's
// own when they set a personal password, so nobody but the user ever holds their private key.

test('admin users: an owner adds a user, locks, unlocks and resets them; the user reads the secrets after each reshare; the activity log shows it all', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const { account, chests, admin } = await adminWithChests(page, request, testInfo, ['Shared kit']);
  const [chest] = chests;
  if (!chest) throw new Error('no chest');
  await createSecretThroughApi(admin, {
    vaultId: chest.id,
    name: 'Door code',
    category: 'note',
    payload: { note: 'Front door: 4711' },
  });

  // The owner adds a user and reads the generated password off FINISH.
  const name = 'Mia Member';
  const email = uniqueEmail(testInfo, 'mia');
  const generated = await addUserThroughUi(page, name, email);
  expect(generated).toHaveLength(12);
  await expect(page.getByRole('list', { name: 'Instructions' })).toContainText('Set a new personal password');
  await page.getByRole('button', { name: 'Back to Teams' }).click();
  await expect(page).toHaveURL(/\/admin\/teams$/);

  const theirs = await browser.newContext();
  try {
    // The user signs in in their own browser and is sent to set a personal password (a fresh key pair).
    const memberPage = await theirs.newPage();
    const personal = await onboardMember(memberPage, { id: '', name, email, password: generated });
    // They turn two-step on (their password proven first); the owner's reset will turn it off.
    await enableTwoStepThroughUi(memberPage, personal);

    // The fingerprint Account Settings shows is the one on the user's page.
    await memberPage.goto('/profile');
    const theirFingerprint = await readFingerprint(memberPage);
    await openUserPage(page, name);
    expect(await readFingerprint(page)).toBe(theirFingerprint);

    // The owner's browser made their first key pair, whose private key endorsed the one their own
    // browser made: it shares with the new key by itself, nobody confirms, and they read the secret.
    await page.goto('/');
    await expect(async () => {
      await memberPage.goto('/');
      const opened = await openSecretFromList(memberPage, 'Door code');
      await expect(opened.getByText('Front door: 4711')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    let viewer = await openSecretFromList(memberPage, 'Door code');
    await expect(viewer.getByText('Front door: 4711')).toBeVisible();

    // The owner blocks them: their open session ends and they cannot sign in.
    await openUserPage(page, name);
    await expect(userSwitch(page, 'Administrator')).toBeEnabled();
    await userSwitch(page, 'Block').click();
    await expect(notice(page, `${name} has been blocked.`)).toBeVisible();
    await expect(userSwitch(page, 'Block')).toBeChecked();
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login/, { timeout: 20_000 });
    await submitLogin(memberPage, email, personal);
    await expect(memberPage.getByRole('alert')).toContainText(/locked/i);
    await expect(memberPage).toHaveURL(/\/login/);

    // Unblocked, they may sign in again.
    await userSwitch(page, 'Block').click();
    await expect(notice(page, `${name} has been unblocked.`)).toBeVisible();
    await expect(userSwitch(page, 'Block')).not.toBeChecked();

    // The owner resets their password through the Input modal (a new key pair made in the owner's browser).
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    const field = dialog.getByLabel('New Password');
    await field.fill('too short');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await expect(dialog.getByText('Password must be at least 12 characters long.')).toBeVisible();
    const reset = strongPassword();
    await field.fill(reset);
    await recordSensitive({ kind: 'password', value: reset });
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    // The owner's own password, proven before the reset is sent.
    await confirmWithPassword(
      page.getByRole('dialog', { name: `Reset the password of ${name}?` }),
      account.password,
      'Reset Password',
    );
    await expect(notice(page, `The password of ${name} has been reset.`)).toBeVisible({ timeout: 60_000 });

    // The user signs in with it and no code (the reset turned two-step off), sets a personal
    // password again (their own key pair again) and, after the owner's reshare, reads the secret again.
    await memberPage.goto('/login');
    await signInThroughUi(memberPage, email, reset);
    await expect(memberPage.getByRole('heading', { name: 'Two-factor verification' })).toHaveCount(0);
    await setPersonalPassword(memberPage, reset);
    await memberPage.goto('/profile');
    const newFingerprint = await readFingerprint(memberPage);
    expect(newFingerprint).not.toBe(theirFingerprint);
    await reshareFromDashboard(page, { name, fingerprint: newFingerprint });
    await memberPage.goto('/');
    viewer = await openSecretFromList(memberPage, 'Door code');
    await expect(viewer.getByText('Front door: 4711')).toBeVisible();

    // The owner finds each of these in the user's activity log.
    await openUserPage(page, name);
    for (const action of [
      new RegExp(`^Added user ${name}`),
      new RegExp(`^Locked user ${name}`),
      new RegExp(`^Unlocked user ${name}`),
      new RegExp(`^Reset the password of ${name} \\(.*\\) and turned off their two-factor authentication$`),
    ]) {
      await expectActivity(page, action);
    }

    // Granting and removing administrator each ask for the owner's password (SecureConfirm).
    await userSwitch(page, 'Administrator').click();
    const grant = page.getByRole('dialog', { name: `Make ${name} an administrator?` });
    await confirmWithPassword(grant, 'not the password', 'Make administrator');
    await expect(grant.getByText('Password entered is incorrect.')).toBeVisible({ timeout: 30_000 });
    await confirmWithPassword(grant, account.password, 'Make administrator');
    await expect(notice(page, `${name} is now an administrator.`)).toBeVisible({ timeout: 30_000 });
    await expect(userSwitch(page, 'Administrator')).toBeChecked();
    await userSwitch(page, 'Administrator').click();
    await confirmWithPassword(
      page.getByRole('dialog', { name: `Remove the administrator rights of ${name}?` }),
      account.password,
      'Remove rights',
    );
    await expect(notice(page, `${name} is no longer an administrator.`)).toBeVisible({ timeout: 30_000 });
    await expect(userSwitch(page, 'Administrator')).not.toBeChecked();
    await expectActivity(page, new RegExp(`^Updated user ${name} \\(.*\\): made administrator$`));
    await expectActivity(page, new RegExp(`^Updated user ${name} \\(.*\\): administrator rights removed$`));
  } finally {
    await theirs.close();
  }
});

test('admin users: a colleague invited by e-mail joins with the company prefilled and reads a shared secret', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { account, admin, chests } = await adminWithChests(page, request, testInfo, ['Team vault']);
  const [chest] = chests;
  if (!chest) throw new Error('no chest');
  await createSecretThroughApi(admin, {
    vaultId: chest.id,
    name: 'Wifi',
    category: 'note',
    payload: { note: 'Guest network: coffer-guest' },
  });

  const name = 'Ivy Invitee';
  const email = uniqueEmail(testInfo, 'ivy');
  await page.goto('/admin/teams/user/new');
  const form = page.getByRole('form', { name: 'New User' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Invite by Email' }).click();
  await expect(notice(page, `An invitation has been sent to ${email}.`)).toBeVisible();

  const theirs = await browser.newContext();
  try {
    const invitee = await theirs.newPage();
    await invitee.goto(findLink(await waitForMail(email), /\/register\?invitation_token=/));
    await expect(
      invitee.getByText(`Hi ${name}, ${account.name} has invited you to join ${account.company} on Coffer.`),
    ).toBeVisible();
    await expect(invitee.getByLabel('Company Name')).toHaveValue(account.company);
    await expect(invitee.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(invitee.getByLabel('Full Name')).toHaveCount(0);
    await invitee.getByRole('checkbox', { name: /I agree to the EULA and the Privacy Policy/ }).check();
    await invitee.getByRole('button', { name: 'Next' }).click();
    const password = strongPassword();
    await recordSensitive({ kind: 'password', value: password });
    await invitee.getByLabel('New Password', { exact: true }).fill(password);
    await invitee.getByLabel('Confirm Password').fill(password);
    await invitee.getByRole('button', { name: 'Create' }).click();
    await expect(invitee).toHaveURL(/\/login/, { timeout: 30_000 });

    // The invitation confirmed the account: they sign in at once, with a password only they know.
    await finishWelcome(await apiSignIn(invitee.request, { email, password }));
    await signInThroughUi(invitee, email, password);
    await expect(invitee).toHaveURL(/127\.0\.0\.1:\d+\/$/);

    // They joined the default team, so the owner's users list shows them, Accepted.
    const users = await openUsersTable(page);
    await expect(users.getByRole('row').filter({ hasText: email })).toContainText('Accepted');

    await invitee.goto('/profile');
    const fingerprint = await readFingerprint(invitee);
    await reshareFromDashboard(page, { name, fingerprint });
    await invitee.goto('/');
    const viewer = await openSecretFromList(invitee, 'Wifi');
    await expect(viewer.getByText('Guest network: coffer-guest')).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test('admin teams: a team made in the admin area gets a chest and a member; Shift+N on its page adds a user with it preselected', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await adminWithChests(page, request, testInfo, ['Runbooks']);
  await page.goto('/admin/teams');
  const teams = page.getByRole('table', { name: 'Teams', exact: true });
  await expect(teams.getByRole('button', { name: 'Everyone', exact: true })).toBeVisible();
  await page.keyboard.press('Shift+N');
  const form = page.getByRole('form', { name: 'New Team' });
  await form.getByLabel('Name').fill('Support');
  await form.getByRole('button', { name: 'Link Chests' }).click();
  const link = page.getByRole('dialog', { name: 'Link Chests' });
  await link.getByRole('checkbox', { name: 'Runbooks' }).check();
  await link.getByRole('button', { name: 'Link' }).click();
  await form.getByLabel('Access for Runbooks').selectOption('write');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Support created!')).toBeVisible();

  await teams.getByRole('button', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Runbooks', exact: true })).toBeVisible();
  await page.keyboard.press('Shift+N');
  await expect(page).toHaveURL(/\/admin\/teams\/user\/new$/);
  await expect(page.getByRole('list', { name: 'Teams' })).toContainText('Support');
  // The default team is kept out of removal.
  await page.goto('/admin/teams');
  await teams.getByRole('button', { name: 'Options for Everyone' }).click();
  await expect(page.getByRole('menuitem', { name: 'Remove Team' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Edit Team' })).toBeVisible();
});
