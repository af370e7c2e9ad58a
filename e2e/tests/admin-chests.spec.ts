import type { Chest, Secret } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { signInThroughUi } from '../support/accounts-ui.js';
import { adminWithChests, newOrganisationThroughApi } from '../support/admin-setup.js';
import {
  adminRow,
  adminRowNames,
  adminTable,
  confirmThroughApi,
  openWithSession,
  scrollUntilRows,
  topBarToggle,
} from '../support/admin-ui.js';
import { apiCall, apiOk, apiSignIn, finishWelcome } from '../support/api-session.js';
import { notice, openRowMenu } from '../support/dashboard-ui.js';
import { createMemberThroughApi } from '../support/member-setup.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  findEveryoneTeam,
  openSecretThroughApi,
} from '../support/secrets-api.js';

// Issue 8, Administration I: the admin area's chest and secret screens on one table kit.

test('admin chests: creates a chest, links a team for reading and another for writing, makes a manager, removes it', async ({
  page,
  request,
}, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const readers = await createTeamThroughApi(admin, 'Readers');
  const writers = await createTeamThroughApi(admin, 'Writers');
  const member = await createMemberThroughApi(admin, testInfo, 'writer', [writers.id]);
  await signInThroughUi(page, account.email, account.password);

  // The header's Admin link lands on the chest list, which is empty in a new organisation.
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/chests$/);
  await expect(page.getByText('No Chests Found')).toBeVisible();

  await page.getByRole('button', { name: 'New Chest' }).click();
  const form = page.getByRole('form', { name: 'New Chest' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('Required field Name is empty.');
  await expect(form.getByRole('alert')).toContainText(
    'Please select at least one Team using the dropdown provided.',
  );

  await form.getByLabel('Name', { exact: true }).fill('Vault');
  await form.getByRole('button', { name: 'Link Teams' }).click();
  const link = page.getByRole('dialog', { name: 'Link Teams' });
  await link.getByRole('checkbox', { name: 'Readers' }).check();
  await link.getByRole('checkbox', { name: 'Writers' }).check();
  await link.getByRole('button', { name: 'Link', exact: true }).click();
  await form.getByLabel('Access for Writers').selectOption({ label: 'Write' });
  await expect(form.getByLabel('Access for Readers')).toHaveValue('read');
  await form.getByRole('checkbox', { name: `${member.name} (${member.email})` }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notice(page, 'Vault created!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/chests$/);

  const chests = adminTable(page, 'Chests');
  const row = adminRow(chests, 'Vault');
  await expect(row.getByRole('button', { name: '2 teams' })).toBeVisible();
  const { items } = await apiOk<{ items: Chest[] }>(
    admin,
    'GET',
    '/api/v1/vaults.json?everything=true&options=teams&options=users',
  );
  const vault = items.find((chest) => chest.name === 'Vault');
  expect(vault?.assignments?.map((a) => [a.team_id, a.edit_access]).sort()).toEqual(
    [
      [readers.id, false],
      [writers.id, true],
    ].sort(),
  );
  expect(vault?.users?.find((user) => user.id === member.id)?.manager).toBe(true);

  // Edit Chest & Permissions shows what was saved; Remove Chest asks first.
  const menu = await openRowMenu(chests, 'Vault');
  await menu.getByRole('menuitem', { name: 'Edit Chest' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Chest & Permissions' })).toBeVisible();
  await expect(page.getByLabel('Access for Writers')).toHaveValue('write');
  await expect(page.getByRole('checkbox', { name: `${member.name} (${member.email})` })).toBeChecked();
  await page.getByRole('button', { name: 'Remove Chest' }).click();
  await page.getByRole('dialog', { name: 'Remove Vault?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(notice(page, 'Vault removed.')).toBeVisible();
  await expect(page.getByText('No Chests Found')).toBeVisible();
  expect((await apiCall(admin, 'GET', `/api/v1/vaults/${vault?.id}.json`)).status).toBe(404);
});

test('admin secrets: opens, edits and hides a secret from the admin area', async ({
  page,
  request,
}, testInfo) => {
  const { admin, chests } = await adminWithChests(page, request, testInfo, ['Operations']);
  const [operations] = chests;
  if (!operations) throw new Error('no chest');
  const created = await createSecretThroughApi(admin, {
    vaultId: operations.id,
    name: 'Mail server',
    category: 'password',
    payload: { username: 'postmaster', password: 'Tr0ub4dor&3-mail!', url: '', note: '' },
  });

  // Shift+A goes to the admin area; the toggle shows every secret.
  await page.keyboard.press('Shift+A');
  await expect(page).toHaveURL(/\/admin\/chests$/);
  await topBarToggle(page, 'Secrets').click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute(
    'placeholder',
    'Search for a secret',
  );
  await adminRow(adminTable(page, 'Secrets'), 'Mail server').getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/\/admin\/chests\/secret$/);
  await expect(page.getByRole('heading', { name: 'Mail server' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('postmaster')).toBeVisible();

  await page.keyboard.press('Shift+E');
  const form = page.getByRole('form', { name: 'Edit Secret' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  // The strength meter draws its five bars with a width (they were 0 px wide in the form).
  const bars = form.getByTestId('strength-bar');
  await expect(bars).toHaveCount(5);
  for (const bar of await bars.all()) expect((await bar.boundingBox())?.width ?? 0).toBeGreaterThan(4);
  await form.getByLabel('Username', { exact: true }).fill('hostmaster');
  await form.getByRole('checkbox', { name: "Don't show this secret to users" }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Mail server updated!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/chests\/secret$/);
  await expect(page.getByText('hostmaster')).toBeVisible({ timeout: 20_000 });

  const saved = await apiOk<Secret>(admin, 'GET', `/api/v1/secrets/${created.id}.json`);
  expect(saved.hidden).toBe(true);
  expect(saved.revision).toBe(2);
  expect((await openSecretThroughApi(admin, created.id)).payload.username).toBe('hostmaster');

  // Close goes back to the list the secret was opened from.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(adminTable(page, 'Secrets')).toBeVisible();
});

test('deleted secrets: the owner restores one and permanently deletes another', async ({
  page,
  request,
}, testInfo) => {
  const { admin, chests } = await adminWithChests(page, request, testInfo, ['Operations']);
  const [operations] = chests;
  if (!operations) throw new Error('no chest');
  const removed: Secret[] = [];
  for (const name of ['Old router', 'Old printer']) {
    const secret = await createSecretThroughApi(admin, {
      vaultId: operations.id,
      name,
      category: 'note',
      payload: { note: `${name} notes` },
    });
    await apiOk(admin, 'POST', `/api/v1/secrets/${secret.id}/mark_for_deletion.json`);
    removed.push(secret);
  }
  const [router, printer] = removed;
  if (!router || !printer) throw new Error('no secrets');

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Deleted Secrets' }).click();
  await expect(page.getByRole('heading', { name: 'Deleted Secrets' })).toBeVisible();
  const table = adminTable(page, 'Deleted secrets');
  await expect(table.locator('tbody tr')).toHaveCount(2);

  await (await openRowMenu(table, 'Old router')).getByRole('menuitem', { name: 'Restore' }).click();
  await expect(notice(page, 'Old router restored.')).toBeVisible();
  await expect(adminRow(table, 'Old router')).toHaveCount(0);

  await (await openRowMenu(table, 'Old printer'))
    .getByRole('menuitem', { name: 'Delete Permanently' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete Old printer permanently?' })
    .getByRole('button', { name: 'Delete Permanently' })
    .click();
  await expect(notice(page, 'Old printer deleted permanently.')).toBeVisible();
  await expect(page.getByText('No Secrets Found')).toBeVisible();

  const restored = await apiOk<Secret>(admin, 'GET', `/api/v1/secrets/${router.id}.json`);
  expect(restored.marked_for_deletion).toBe(false);
  expect((await apiCall(admin, 'GET', `/api/v1/secrets/${printer.id}.json`)).status).toBe(404);
});

test('admin table: sorts and scrolls a table of more than 40 rows', async ({ page, request }, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  const names = Array.from({ length: 45 }, (_, index) => `Chest ${String(index + 1).padStart(2, '0')}`);
  // Made in a shuffled order, so that the list's order comes from sorting, not from creation.
  for (const name of [...names].sort((a, b) => (a.slice(-1) + a).localeCompare(b.slice(-1) + b))) {
    await createChestThroughApi(admin, name, [{ team_id: everyone.id, edit_access: true }]);
  }
  await signInThroughUi(page, account.email, account.password);
  await page.goto('/admin/chests');

  const table = adminTable(page, 'Chests');
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await scrollUntilRows(table, 40);
  await scrollUntilRows(table, 45);
  await expect(table.locator('tbody tr')).toHaveCount(45);

  const nameHeader = table.getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.locator('tbody tr')).toHaveCount(20);
  expect(await adminRowNames(table)).toEqual(names.slice(0, 20));

  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => adminRowNames(table).then((shown) => shown[0])).toBe('Chest 45');
  await scrollUntilRows(table, 40);
  await scrollUntilRows(table, 45);
  await expect(table.locator('tbody tr')).toHaveCount(45);
  expect(await adminRowNames(table)).toEqual([...names].reverse());

  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => adminRowNames(table).then((shown) => shown[0])).toBe('Chest 01');
});

test('admin guard: a chest manager and a member are kept out of the admin area', async ({
  browser,
  request,
}, testInfo) => {
  const { admin } = await newOrganisationThroughApi(request, testInfo);
  const crew = await createTeamThroughApi(admin, 'Crew');
  const vault = await createChestThroughApi(admin, 'Vault', [{ team_id: crew.id, edit_access: true }]);
  const manager = await createMemberThroughApi(admin, testInfo, 'manager', [crew.id]);
  const member = await createMemberThroughApi(admin, testInfo, 'member', [crew.id]);
  await apiOk(admin, 'POST', `/api/v1/vaults/${vault.id}/promote.json`, { user_id: manager.id });

  // The manager, past the welcome flow, is sent to / (which asks them for a personal password first).
  await confirmThroughApi(request, manager.email);
  const managerSession = await apiSignIn(request, manager);
  await finishWelcome(managerSession);
  const managerContext = await browser.newContext();
  // The member has not finished the welcome flow: /welcome.
  await confirmThroughApi(request, member.email);
  const memberSession = await apiSignIn(request, member);
  const memberContext = await browser.newContext();
  try {
    const managerPage = await managerContext.newPage();
    await openWithSession(managerPage, managerSession, '/admin/chests/edit');
    await expect(managerPage).toHaveURL(/\/profile\/personal_password$/);
    await expect(managerPage.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await openWithSession(managerPage, managerSession, '/admin');
    await expect(managerPage).toHaveURL(/\/profile\/personal_password$/);

    const memberPage = await memberContext.newPage();
    await openWithSession(memberPage, memberSession, '/admin/chests');
    await expect(memberPage).toHaveURL(/\/welcome$/);
    await expect(memberPage.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  } finally {
    await managerContext.close();
    await memberContext.close();
  }
});
