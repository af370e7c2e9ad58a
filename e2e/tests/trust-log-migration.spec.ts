import type { TrustLogResponse } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { adminRow, adminTable } from '../support/admin-ui.js';
import { addUserThroughUi, openUsersTable } from '../support/admin-users-ui.js';
import { type ApiSession, apiOk } from '../support/api-session.js';
import {
  dashboardList,
  notice,
  openRowMenu,
  openSecretFromList,
  rowButton,
} from '../support/dashboard-ui.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import { createSecretThroughForm } from '../support/secret-form-ui.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  findEveryoneTeam,
} from '../support/secrets-api.js';
import { startTrustLogThroughApi } from '../support/trust-log.js';

// Issue 30: an organisation made before the trust log starts its record from the owner's browser
// (genesis, the people that browser already trusts, a snapshot of teams and chests); from then on
// every change of who reads carries its signed entries, with no prompt for the administrator.

async function logOps(session: ApiSession): Promise<string[]> {
  const log = await apiOk<TrustLogResponse>(session, 'GET', '/api/v1/trust_log');
  return log.items.map((item) => item.entry.op);
}

test('trust log: an organisation made before the record migrates from the owner’s browser, then adding, linking, saving, moving and removing run with no prompt', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  const writers = await createTeamThroughApi(admin, 'Writers');
  const operations = await createChestThroughApi(admin, 'Operations', [
    { team_id: everyone.id, edit_access: true },
  ]);
  // Saved before the record: suite 1, no signed header.
  await createSecretThroughApi(admin, {
    vaultId: operations.id,
    name: 'Old router',
    category: 'password',
    payload: { username: 'admin', password: 'admin', url: '', note: '' },
  });

  const ownerContext = await browser.newContext();
  const adaContext = await browser.newContext();
  try {
    const page = await ownerContext.newPage();
    await signInThroughUi(page, account.email, account.password);
    // Before the record: the owner adds Ada, so this browser made her key and trusts it.
    const adaEmail = uniqueEmail(testInfo, 'ada');
    const adaPassword = await addUserThroughUi(page, 'Ada Lovelace', adaEmail);
    const adaId = (
      await apiOk<{ items: { id: string; email: string }[] }>(admin, 'GET', '/api/v1/users.json?limit=200')
    ).items.find((user) => user.email === adaEmail)?.id as string;

    // The migration: one button in Account Settings.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Start the Organisation Record' }).click();
    await expect(notice(page, 'Organisation record started, with 1 person besides you.')).toBeVisible({
      timeout: 30_000,
    });
    const words = page.getByTestId('organisation-record').getByTestId('fingerprint-words');
    await expect(words).toBeVisible();
    const ownersWords = await words.textContent();
    expect(await logOps(admin)).toEqual(['genesis', 'admit', 'snapshot']);

    // Add a user: admitted, with the default team, in the same call.
    await addUserThroughUi(page, 'Bob Byte', uniqueEmail(testInfo, 'bob'));
    await expect.poll(() => logOps(admin)).toEqual(['genesis', 'admit', 'snapshot', 'admit', 'team_member']);

    // Link a team: a new chest for Writers, written with its entry.
    await page.goto('/admin/chests');
    await page.getByRole('button', { name: 'New Chest' }).click();
    const form = page.getByRole('form', { name: 'New Chest' });
    await form.getByLabel('Name', { exact: true }).fill('Vault');
    await form.getByRole('button', { name: 'Link Teams' }).click();
    const link = page.getByRole('dialog', { name: 'Link Teams' });
    await link.getByRole('checkbox', { name: 'Writers' }).check();
    await link.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Vault created!')).toBeVisible();
    expect((await logOps(admin)).at(-1)).toBe('chest_team');
    expect(writers.id).toBeTruthy();

    // Save and move a secret: wrapped for the log's readers, no dialog.
    await page.goto('/');
    await createSecretThroughForm(page, {
      type: 'password',
      name: 'Mail server',
      chest: 'Operations',
      fields: { Username: 'postmaster', Password: 'correct horse battery staple' },
    });
    const secrets = dashboardList(page, 'Secrets');
    const menu = await openRowMenu(secrets, 'Mail server');
    await menu.getByRole('menuitem', { name: 'Move to another Chest' }).click();
    const move = page.getByRole('dialog', { name: 'Move to another Chest' });
    await move.getByRole('radio', { name: /Vault/ }).check();
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(notice(page, 'Mail server moved to Vault.')).toBeVisible({ timeout: 20_000 });
    await expect(rowButton(secrets, 'Mail server')).toContainText('Vault');
    await expect(page.getByRole('dialog', { name: /Confirm people/ })).toHaveCount(0);
    // Each revision saved under the log carries its header, signed by its author (suite 2).
    const listed = await apiOk<{
      items: { name: string; signed_header: { header: { author: string; chest: string } } | null }[];
    }>(admin, 'GET', '/api/v1/secrets.json?everything=true');
    const mail = listed.items.find((item) => item.name === 'Mail server');
    expect(mail?.signed_header?.header.author).toBe(admin.profile.id);
    // The secret saved before the record is signed in the background by the administrator's browser
    // (the list marks such secrets Unverified until then): saved again under a fresh key, with a header.
    await expect(rowButton(secrets, 'Old router').locator('[data-header="verified"]')).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(rowButton(secrets, 'Mail server').locator('[data-header="verified"]')).toHaveCount(1);
    await expect(secrets.locator('.header-marker')).toHaveCount(0);
    const signedRouter = (
      await apiOk<{
        items: { name: string; signed_header: { header: { rev: number; author: string } } | null }[];
      }>(admin, 'GET', '/api/v1/secrets.json?everything=true')
    ).items.find((item) => item.name === 'Old router');
    expect(signedRouter?.signed_header?.header).toMatchObject({ rev: 2, author: admin.profile.id });
    // Marking for deletion is a signed revision too: the server cannot serve it back as live.
    const removeMenu = await openRowMenu(secrets, 'Old router');
    await removeMenu.getByRole('menuitem', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Old router?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(notice(page, 'Old router removed.')).toBeVisible({ timeout: 20_000 });
    const deleted = await apiOk<{
      items: { name: string; signed_header: { header: { deleted: boolean; rev: number } } | null }[];
    }>(admin, 'GET', '/api/v1/secrets.json?deleted=true');
    expect(deleted.items.find((item) => item.name === 'Old router')?.signed_header?.header).toMatchObject({
      deleted: true,
      rev: 3,
    });

    // Remove a user.
    const users = await openUsersTable(page);
    await (await openRowMenu(users, 'Bob Byte')).getByRole('menuitem', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Bob Byte?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(notice(page, 'Bob Byte removed.')).toBeVisible();
    expect((await logOps(admin)).at(-1)).toBe('remove');
    await expect(adminRow(adminTable(page, 'Users'), 'Bob Byte')).toHaveCount(0);

    // Ada's first personal password moves her key in the log; she confirms the words once and reads.
    const adaPage = await adaContext.newPage();
    await onboardMember(adaPage, { id: adaId, name: 'Ada Lovelace', email: adaEmail, password: adaPassword });
    expect((await logOps(admin)).at(-1)).toBe('key');
    const confirm = adaPage.getByRole('region', { name: 'Confirm your organisation' });
    await expect(confirm.getByTestId('fingerprint-words')).toHaveText(ownersWords as string);
    await confirm.getByRole('button', { name: 'They match' }).click();
    await expect(confirm).toHaveCount(0);
    // The owner's browser shares the key she lacks (she reads Operations, a chest of Everyone's).
    await page.goto('/');
    await createSecretThroughForm(page, {
      type: 'password',
      name: 'Printer',
      chest: 'Operations',
      fields: { Username: 'office', Password: 'toner' },
    });
    await adaPage.reload();
    const viewer = await openSecretFromList(adaPage, 'Printer');
    await viewer.getByRole('button', { name: /Show/ }).first().click();
    await expect(viewer.getByText('toner', { exact: true })).toBeVisible({ timeout: 20_000 });
    // Verified in Ada's browser against the log it verified: no marker.
    await expect(viewer.locator('.header-marker')).toHaveCount(0);
  } finally {
    await Promise.all([ownerContext.close(), adaContext.close()]);
  }
});

test('trust log: a colleague who joins after the record waits to join it until an administrator confirms them, then reads what their team reads', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  await createChestThroughApi(admin, 'Operations', [{ team_id: everyone.id, edit_access: true }]);
  await startTrustLogThroughApi(admin, account.company);
  // Added through the API after the record started, with no entry: the log has not admitted them.
  const cleo = await createMemberThroughApi(admin, testInfo, 'cleo', [everyone.id]);

  const ownerContext = await browser.newContext();
  const cleoContext = await browser.newContext();
  try {
    const cleoPage = await cleoContext.newPage();
    await onboardMember(cleoPage, cleo);
    const page = await ownerContext.newPage();
    await signInThroughUi(page, account.email, account.password);

    // Until confirmed, Cleo is no reader: the owner's save wraps for the owner alone, nobody is asked.
    await createSecretThroughForm(page, {
      type: 'password',
      name: 'Router',
      chest: 'Operations',
      fields: { Username: 'admin', Password: 'before-cleo' },
    });
    const entry = page
      .getByRole('region', { name: 'People to confirm' })
      .getByRole('listitem')
      .filter({ hasText: cleo.name });
    await expect(entry.getByText('Waiting to join the organisation record')).toBeVisible({ timeout: 20_000 });

    // Confirmed once, by the fingerprint: admitted with her team, and her missing key follows.
    await entry.getByRole('button', { name: `Confirm ${cleo.name}` }).click();
    await expect
      .poll(() => logOps(admin), { timeout: 20_000 })
      .toEqual(['genesis', 'snapshot', 'admit', 'team_member']);
    await expect(entry).toHaveCount(0);
    await cleoPage.reload();
    const viewer = await openSecretFromList(cleoPage, 'Router');
    await viewer.getByRole('button', { name: /Show/ }).first().click();
    await expect(viewer.getByText('before-cleo', { exact: true })).toBeVisible({ timeout: 30_000 });
  } finally {
    await Promise.all([ownerContext.close(), cleoContext.close()]);
  }
});
