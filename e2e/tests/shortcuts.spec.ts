import type { SecretListItem } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { adminWithChests } from '../support/admin-setup.js';
import { apiOk } from '../support/api-session.js';
import {
  blurActiveElement,
  dashboardList,
  notice,
  rowButton,
  secretViewer,
} from '../support/dashboard-ui.js';
import { createSecretThroughApi } from '../support/secrets-api.js';

// Issue 4, the dashboard by keyboard: the 2-second search and every shortcut the spec lists for it.

test('dashboard: search finds a secret by name after the debounce, and every dashboard shortcut works', async ({
  page,
  request,
}, testInfo) => {
  await page.clock.install();
  const { admin, chests } = await adminWithChests(page, request, testInfo, ['Alpha', 'Beta']);
  const [alpha, beta] = chests;
  if (!alpha || !beta) throw new Error('chests were not made');
  for (const [name, vaultId] of [
    ['Alpha key', alpha.id],
    ['Beta key', beta.id],
    ['Gamma memo', alpha.id],
  ] as const) {
    await createSecretThroughApi(admin, {
      vaultId,
      name,
      category: 'note',
      payload: { note: `${name} text` },
    });
  }
  const { items } = await apiOk<{ items: SecretListItem[] }>(
    admin,
    'GET',
    '/api/v1/secrets.json?everything=true&limit=20',
  );
  const order = items.map((item) => item.name);
  await page.reload();
  const secrets = dashboardList(page, 'Secrets');
  await expect(secrets.getByRole('listitem')).toHaveCount(3);

  // Search: nothing changes before 2 s without typing; then only the match is listed. The page's clock
  // is paused meanwhile so only fastForward moves it and the 2 s hold to the millisecond.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await search.fill('gamma');
  await expect(rowButton(secrets, 'Alpha key')).toBeVisible();
  await page.clock.fastForward(1_999);
  await expect(rowButton(secrets, 'Alpha key')).toBeVisible();
  await page.clock.fastForward(1);
  await page.clock.resume();
  await expect(rowButton(secrets, 'Alpha key')).toHaveCount(0);
  await expect(rowButton(secrets, 'Gamma memo')).toBeVisible();
  await search.fill('');
  await expect(secrets.getByRole('listitem')).toHaveCount(3);

  // I focuses the search bar, Esc leaves it.
  await blurActiveElement(page);
  await page.keyboard.press('i');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(search).not.toBeFocused();

  // Arrows walk the rows, Enter opens one, Esc closes it.
  const [first = '', second = ''] = order;
  await blurActiveElement(page);
  await page.keyboard.press('ArrowDown');
  await expect(rowButton(secrets, first)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rowButton(secrets, second)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const viewer = secretViewer(page, second);
  await expect(viewer.getByText(`${second} text`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // Right opens the focused row's options menu.
  await rowButton(secrets, first).focus();
  await page.keyboard.press('ArrowRight');
  const menu = page.getByRole('menu', { name: `Options for ${first}` });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Move to another Chest' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // Shift+Right / Shift+Left switch the tabs.
  await blurActiveElement(page);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByRole('tab', { name: 'Chests' })).toHaveAttribute('aria-selected', 'true');
  await expect(dashboardList(page, 'Chests')).toBeVisible();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Secrets' })).toHaveAttribute('aria-selected', 'true');
  await expect(secrets).toBeVisible();

  // Shift+Up hides the list, Shift+Down shows it again.
  await page.keyboard.press('Shift+ArrowUp');
  await expect(secrets).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show list' })).toBeVisible();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(secrets).toBeVisible();

  // Shift+N opens the form, Shift+S saves it (once the field is left), Shift+E edits the saved secret.
  await blurActiveElement(page);
  await page.keyboard.press('Shift+N');
  const form = page.getByRole('form', { name: 'New Secret' });
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await form.getByLabel('Type').selectOption('note');
  await form.getByLabel('Name', { exact: true }).fill('Delta memo');
  await form.getByLabel('Chest').selectOption({ label: 'Beta' });
  await form.getByLabel('Note', { exact: true }).fill('Made by keyboard');
  await page.keyboard.press('Escape');
  await expect(form).toBeVisible();
  await page.keyboard.press('Shift+S');
  await expect(notice(page, 'Delta memo created!')).toBeVisible({ timeout: 20_000 });
  const saved = secretViewer(page, 'Delta memo');
  await expect(saved.getByText('Made by keyboard')).toBeVisible();
  await blurActiveElement(page);
  await page.keyboard.press('Shift+E');
  await expect(page.getByRole('form', { name: 'Edit Secret' })).toBeVisible();

  // Shift+H shows this route's shortcuts (those that apply now: a row has focus, a secret is open) for 10 s.
  await page.getByRole('form', { name: 'Edit Secret' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(saved).toBeVisible();
  await rowButton(secrets, 'Delta memo').focus();
  await page.keyboard.press('Shift+H');
  const panel = page.getByRole('region', { name: 'Keyboard shortcuts' });
  await expect(panel).toBeVisible();
  for (const description of [
    'Focus the search bar',
    'Go back (close the secret, then the chest)',
    'Next row',
    'Previous row',
    'Open the selected row',
    "Open the row's options menu",
    'Switch to Secrets',
    'Switch to Chests',
    'Open the dashboard',
    'Close the dashboard',
    'Add a secret',
    'Edit the secret',
  ]) {
    await expect(panel.getByText(description, { exact: true })).toBeVisible();
  }
  await page.clock.fastForward(10_000);
  await expect(panel).toHaveCount(0);

  // Another route lists its own shortcuts, not the dashboard's.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await blurActiveElement(page);
  await page.keyboard.press('Shift+H');
  await expect(panel.getByText('Go back', { exact: true })).toBeVisible();
  await expect(panel.getByText('Focus the search bar', { exact: true })).toHaveCount(0);
});
