import type { Chest } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { adminRow, adminTable } from '../support/admin-ui.js';
import { openUserPage } from '../support/admin-users-ui.js';
import { apiOk } from '../support/api-session.js';
import { notice, openRowMenu } from '../support/dashboard-ui.js';
import { createMemberThroughApi } from '../support/member-setup.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
} from '../support/secrets-api.js';

// Issue 31: rotation after access is lost. The organisation is seeded through the API; what is
// tested is the administrator's part: removing the member, reading the rotation list, rotating one.

const login = (password: string) => ({ username: 'ops', password, url: '', note: '' });

test('an administrator removes a member; the rotation list names exactly what they could read', async ({
  page,
  request,
}, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const ops = await createTeamThroughApi(admin, 'Ops');
  const finance = await createTeamThroughApi(admin, 'Finance');
  const member = await createMemberThroughApi(admin, testInfo, 'leaver', [ops.id]);
  const opsChest = await createChestThroughApi(admin, 'Ops chest', [{ team_id: ops.id, edit_access: false }]);
  const financeChest = await createChestThroughApi(admin, 'Finance chest', [
    { team_id: finance.id, edit_access: true },
  ]);
  const seed = (vaultId: string, name: string, hidden = false) =>
    createSecretThroughApi(admin, {
      vaultId,
      name,
      category: 'password',
      payload: login(`${name}-1!`),
      hidden,
    });
  await seed(opsChest.id, 'Mail server');
  await seed(opsChest.id, 'Router');
  // Hidden: only administrators read it, so the member never could.
  await seed(opsChest.id, 'Root key', true);
  // Another chest the member never reached.
  await seed(financeChest.id, 'Payroll');

  await signInThroughUi(page, account.email, account.password);
  await openUserPage(page, member.name);
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${member.name}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(notice(page, `${member.name} removed.`)).toBeVisible({ timeout: 20_000 });

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Security centre' })
    .click();
  await expect(page).toHaveURL(/\/security$/);
  const section = page.getByRole('region', { name: 'Secrets to rotate' });
  const rows = section.getByTestId('rotation-row');
  await expect(section.getByRole('heading', { name: `${member.name} (${member.email})` })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.getByRole('button', { name: 'Mail server' })).toBeVisible();
  await expect(rows.getByRole('button', { name: 'Router' })).toBeVisible();
  await expect(section.getByText('0 of 2 rotated')).toBeVisible();

  // Grouped by chest: the one chest the member read.
  await section.getByRole('radio', { name: 'Chest' }).check();
  await expect(section.getByRole('heading', { name: 'Ops chest' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Finance chest' })).toHaveCount(0);

  // A row opens the secret's edit form; a new password saved takes it off the list.
  await rows.getByRole('button', { name: 'Mail server' }).click();
  const form = page.getByRole('form', { name: 'Edit Secret' });
  await form.getByLabel('Password', { exact: true }).fill('Mail-server-rotated-2!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.getByRole('button', { name: 'Router' })).toBeVisible();
  await expect(section.getByText('1 of 2 rotated')).toBeVisible();
});

test("an administrator sets a chest's rotation policy in its form; the chest's page states it", async ({
  page,
  request,
}, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const ops = await createTeamThroughApi(admin, 'Ops');
  const chest = await createChestThroughApi(admin, 'Ops chest', [{ team_id: ops.id, edit_access: false }]);

  await signInThroughUi(page, account.email, account.password);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  const chests = adminTable(page, 'Chests');
  const menu = await openRowMenu(chests, 'Ops chest');
  await menu.getByRole('menuitem', { name: 'Edit Chest' }).click();
  const form = page.getByRole('form', { name: 'Edit Chest & Permissions' });
  const days = form.getByLabel('Rotate every');
  await expect(days).toHaveValue('');

  // The server's limits and messages, checked before anything is sent.
  await days.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('Field Rotate every must be between 1 and 3650 days.');
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await days.fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notice(page, 'Ops chest updated!')).toBeVisible({ timeout: 20_000 });
  expect((await apiOk<Chest>(admin, 'GET', `/api/v1/vaults/${chest.id}.json`)).rotation_days).toBe(30);

  await adminRow(chests, 'Ops chest').getByRole('button', { name: 'Ops chest', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/chests\/show$/);
  await expect(page.getByText('Rotate every 30 days')).toBeVisible();
});
