import { expect, test } from '@playwright/test';
import { readToken } from '../support/accounts-ui.js';
import { adminWithChests } from '../support/admin-setup.js';
import { adminTable, confirmThroughApi } from '../support/admin-ui.js';
import { apiCall, apiOk, apiProvePassword } from '../support/api-session.js';
import { openRowMenu } from '../support/dashboard-ui.js';
import { createMemberThroughApi } from '../support/member-setup.js';
import { createSecretThroughApi, findEveryoneTeam } from '../support/secrets-api.js';

// Issue 26: owner controls follow the owner. The owner's admin area is open in one tab when ownership
// moves elsewhere (here through the API, with the tab's own session, as another tab of the same
// browser would); at the next screen the tab stops offering Owner Actions and Delete Permanently,
// without a reload.

test('owner controls: after ownership moves elsewhere, an open tab drops Owner Actions and Delete Permanently at the next screen', async ({
  page,
  request,
}, testInfo) => {
  const { account, admin, chests } = await adminWithChests(page, request, testInfo, ['Operations']);
  const [operations] = chests;
  if (!operations) throw new Error('no chest');
  const everyone = await findEveryoneTeam(admin);
  const colleague = await createMemberThroughApi(admin, testInfo, 'colleague', [everyone.id]);
  await confirmThroughApi(request, colleague.email);
  await apiProvePassword(admin, account.password);
  await apiOk(admin, 'PUT', `/api/v1/users/${colleague.id}.json`, { user: { administrator: true } });
  const printer = await createSecretThroughApi(admin, {
    vaultId: operations.id,
    name: 'Old printer',
    category: 'note',
    payload: { note: 'toner codes' },
  });
  await apiOk(admin, 'POST', `/api/v1/secrets/${printer.id}/mark_for_deletion.json`);

  // The owner's tab: Owner Actions in the settings, Delete Permanently on the deleted secret.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  const ownerTab = page.getByRole('tab', { name: 'Owner Actions' });
  await page.goto('/admin/settings');
  await expect(ownerTab).toBeVisible();
  await sections.getByRole('link', { name: 'Chests', exact: true }).click();
  await page.getByRole('button', { name: 'Deleted Secrets' }).click();
  const table = adminTable(page, 'Deleted secrets');
  const menu = await openRowMenu(table, 'Old printer');
  await expect(menu.getByRole('menuitem', { name: 'Delete Permanently' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Ownership moves: the tab's session proves the password and transfers, as another tab would.
  const tabSession = { ...admin, token: await readToken(page) };
  await apiProvePassword(tabSession, account.password);
  await apiOk(tabSession, 'PATCH', '/api/v1/organisation/transfer', { owner_id: colleague.id });
  // Owner-only calls of this session are refused from now on.
  const refused = await apiCall(tabSession, 'DELETE', `/api/v1/secrets/${printer.id}.json`);
  expect(refused.status).toBe(403);

  // The next screens, without a reload: no Owner Actions, no Delete Permanently.
  await sections.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(page.getByText('Checking owner…')).toBeHidden();
  await expect(ownerTab).toHaveCount(0);
  await sections.getByRole('link', { name: 'Chests', exact: true }).click();
  await page.getByRole('button', { name: 'Deleted Secrets' }).click();
  const after = await openRowMenu(table, 'Old printer');
  await expect(after.getByRole('menuitem', { name: 'Restore' })).toBeVisible();
  await expect(after.getByRole('menuitem', { name: 'Delete Permanently' })).toHaveCount(0);
});
