import { expect, test } from '@playwright/test';
import { adminWithChests } from '../support/admin-setup.js';
import {
  dashboardList,
  notice,
  openRowMenu,
  openSecretFromList,
  rowButton,
  secretViewer,
} from '../support/dashboard-ui.js';
import { createSecretThroughForm } from '../support/secret-form-ui.js';

// Issue 4, secrets on the dashboard: the form for every category, the viewer, copy, edit, move,
// remove and restore, all decrypted and encrypted in the browser.

const FORM_FILL = 'Offer to fill sign-in forms on this site';

test('secrets: one of each category is created, viewed decrypted, copied, edited, moved, removed and restored', async ({
  page,
  request,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await adminWithChests(page, request, testInfo, ['Operations', 'Archive']);
  await expect(page.getByText('No Secrets Found')).toBeVisible();

  await createSecretThroughForm(page, {
    type: 'password',
    name: 'Mail server',
    chest: 'Operations',
    fields: {
      Username: 'postmaster',
      Password: 'Tr0ub4dor&3-mail!',
      URL: 'mail.example.com',
      Note: 'Rotate yearly',
    },
    checks: [FORM_FILL],
  });
  await createSecretThroughForm(page, {
    type: 'telephone',
    name: 'Support line',
    chest: 'Operations',
    fields: { 'Country Code': '44', Number: '2071234567', Extension: '12', Note: 'Weekdays only' },
  });
  await createSecretThroughForm(page, {
    type: 'address',
    name: 'Head office',
    chest: 'Operations',
    fields: { 'Address Line 1': '1 Market Street', 'Postal Code': 'EC1A 1BB', Note: 'Reception on 2' },
    selects: { Country: 'GB' },
  });
  await createSecretThroughForm(page, {
    type: 'note',
    name: 'Wifi note',
    chest: 'Operations',
    fields: { Note: 'Guest network: coffer-guest' },
  });

  // Each opens decrypted in this browser.
  let viewer = await openSecretFromList(page, 'Mail server');
  await expect(viewer.getByText('postmaster')).toBeVisible();
  await expect(viewer.getByText('Tr0ub4dor&3-mail!')).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Show Password' }).click();
  await expect(viewer.getByText('Tr0ub4dor&3-mail!')).toBeVisible();
  await expect(viewer.getByText(/mail\.example\.com/)).toBeVisible();
  await expect(viewer.getByText('On: offer to fill sign-in forms on this site')).toBeVisible();
  await viewer.getByRole('button', { name: 'Copy Username' }).click();
  await expect(viewer.getByRole('button', { name: 'Username copied' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('postmaster');
  await expect(viewer.getByRole('button', { name: 'Copy Username' })).toHaveText('Copy');

  viewer = await openSecretFromList(page, 'Support line');
  for (const value of ['44', '2071234567', '12', 'Weekdays only']) {
    await expect(viewer.getByText(value, { exact: true })).toBeVisible();
  }
  viewer = await openSecretFromList(page, 'Head office');
  for (const value of ['1 Market Street', 'EC1A 1BB', 'United Kingdom', 'Reception on 2']) {
    await expect(viewer.getByText(value, { exact: true })).toBeVisible();
  }
  viewer = await openSecretFromList(page, 'Wifi note');
  await expect(viewer.getByText('Guest network: coffer-guest')).toBeVisible();

  // Edit: the new value is there after a reload.
  viewer = await openSecretFromList(page, 'Support line');
  await viewer.getByRole('button', { name: 'Edit Secret' }).click();
  const editForm = page.getByRole('form', { name: 'Edit Secret' });
  await editForm.getByLabel('Number', { exact: true }).fill('2079876543');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Support line updated!')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  viewer = await openSecretFromList(page, 'Support line');
  await expect(viewer.getByText('2079876543', { exact: true })).toBeVisible();

  // Move to another chest: saved as the next revision under a fresh key for the new chest's readers.
  const secrets = dashboardList(page, 'Secrets');
  const menu = await openRowMenu(secrets, 'Mail server');
  await menu.getByRole('menuitem', { name: 'Move to another Chest' }).click();
  const move = page.getByRole('dialog', { name: 'Move to another Chest' });
  await move.getByRole('radio', { name: /Archive/ }).check();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(notice(page, 'Mail server moved to Archive.')).toBeVisible({ timeout: 20_000 });
  await expect(rowButton(secrets, 'Mail server')).toContainText('Archive');
  viewer = await openSecretFromList(page, 'Mail server');
  await expect(viewer.getByText('postmaster')).toBeVisible();
  // The move kept the form-fill choice; the edit form shows it ticked.
  await viewer.getByRole('button', { name: 'Edit Secret' }).click();
  await expect(
    page.getByRole('form', { name: 'Edit Secret' }).getByRole('checkbox', { name: FORM_FILL }),
  ).toBeChecked();
  await page.getByRole('form', { name: 'Edit Secret' }).getByRole('button', { name: 'Cancel' }).click();

  // Remove, then restore from the removed list that Show all adds.
  const removeMenu = await openRowMenu(secrets, 'Wifi note');
  await removeMenu.getByRole('menuitem', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove Wifi note?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(notice(page, 'Wifi note removed.')).toBeVisible();
  await expect(rowButton(secrets, 'Wifi note')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show all' }).check();
  const removed = dashboardList(page, 'Deleted secrets');
  await expect(rowButton(removed, 'Wifi note')).toBeVisible();
  const restoreMenu = await openRowMenu(removed, 'Wifi note');
  await restoreMenu.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(notice(page, 'Wifi note restored.')).toBeVisible();
  await expect(rowButton(secrets, 'Wifi note')).toBeVisible();
  await expect(rowButton(removed, 'Wifi note')).toHaveCount(0);
  await expect(secretViewer(page, 'Wifi note')).toHaveCount(0);
});
