import type { Browser } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { adminTable } from '../support/admin-ui.js';
import { openUsersTable } from '../support/admin-users-ui.js';
import { notice } from '../support/dashboard-ui.js';
import { findLink, waitForMail } from '../support/outbox.js';

// Issue 26, pending invitations you can see: the administrator invites by e-mail and sees the
// invitation under the users, resends it (the old link stops working), revokes it (the new one
// stops too), and each dead link says the invitation is no longer valid.

const NO_LONGER_VALID = /This invitation is no longer valid/;

// The invitee opens the link in their own browser.
async function expectLinkDead(browser: Browser, link: string): Promise<void> {
  const visitor = await browser.newContext();
  try {
    const theirs = await visitor.newPage();
    await theirs.goto(link);
    await expect(theirs.getByRole('alert')).toContainText(NO_LONGER_VALID);
  } finally {
    await visitor.close();
  }
}

test('invitations: an administrator invites, sees the invitation, resends and revokes it; dead links say so', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const { account } = await newOrganisationThroughApi(request, testInfo);
  await signInThroughUi(page, account.email, account.password);
  const email = uniqueEmail(testInfo, 'invitee');

  await openUsersTable(page);
  const invitations = adminTable(page, 'Invitations');
  await expect(invitations.getByText('No pending invitations')).toBeVisible();
  await page.getByRole('button', { name: 'New User' }).click();
  const form = page.getByRole('form', { name: 'New User' });
  await form.getByLabel('Name').fill('Ivy Invitee');
  await form.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Invite by Email' }).click();
  await expect(notice(page, `An invitation has been sent to ${email}.`)).toBeVisible();
  const row = invitations.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ivy Invitee');
  await expect(row).toContainText(account.name);
  await expect(row).toContainText('Pending');
  const firstLink = findLink(await waitForMail(email), /invitation_token=/);

  // Resend: a new link arrives and the first one no longer works.
  await row.getByRole('button', { name: `Resend the invitation of ${email}` }).click();
  await expect(notice(page, `A new invitation has been sent to ${email}.`)).toBeVisible();
  const secondLink = findLink(await waitForMail(email, 2), /invitation_token=/);
  expect(secondLink).not.toBe(firstLink);
  await expectLinkDead(browser, firstLink);

  // Revoke, from the keyboard: the row goes, and the new link is dead too.
  await row.getByRole('button', { name: `Revoke the invitation of ${email}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Revoke the invitation of ${email}?` });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(notice(page, `The invitation of ${email} has been revoked.`)).toBeVisible();
  await expect(invitations.getByText('No pending invitations')).toBeVisible();
  await expectLinkDead(browser, secondLink);
});
