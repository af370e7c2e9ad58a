import type { Secret } from '@coffer/core';
import { isCryptoError, openSecret } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { logOutThroughMenu, signInThroughUi } from '../support/accounts-ui.js';
import { adminWithChests } from '../support/admin-setup.js';
import { apiOk } from '../support/api-session.js';
import {
  dashboardList,
  notice,
  openRowMenu,
  openSecretFromList,
  rowButton,
} from '../support/dashboard-ui.js';
import { createSecretThroughApi, openSecretThroughApi } from '../support/secrets-api.js';

// Issue 25 (review R12, R13, R17) in a real browser: an edit and a move each seal the secret under a
// key of their own, and the highest revision seen outlives a logout and a new sign-in, so the server
// cannot serve an older revision afterwards.

/** Whether `key` opens `secret`'s sealed payload. */
async function opensWith(secret: Secret, key: Uint8Array): Promise<boolean> {
  try {
    await openSecret({ ...secret, secretId: secret.id }, key);
    return true;
  } catch (error) {
    if (isCryptoError(error)) return false;
    throw error;
  }
}

test('fresh keys and revision memory: an edit and a move re-key, and an old revision is refused after a new sign-in', async ({
  page,
  request,
}, testInfo) => {
  const { account, admin, chests } = await adminWithChests(page, request, testInfo, [
    'Operations',
    'Archive',
  ]);
  const [operations] = chests;
  if (!operations) throw new Error('no chest');
  const created = await createSecretThroughApi(admin, {
    vaultId: operations.id,
    name: 'Router',
    category: 'note',
    payload: { note: 'admin / first-password' },
  });
  const first = await openSecretThroughApi(admin, created.id);
  // What the server answers this browser for revision 1, kept to replay it later.
  const revisionOne = await apiOk<Secret>(admin, 'GET', `/api/v1/secrets/${created.id}.json`);

  // An edit in the browser: revision 2, sealed under a key the old one does not open.
  await page.reload();
  let viewer = await openSecretFromList(page, 'Router');
  await viewer.getByRole('button', { name: 'Edit Secret' }).click();
  const form = page.getByRole('form', { name: 'Edit Secret' });
  await form.getByLabel('Note', { exact: true }).fill('admin / second-password');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Router updated!')).toBeVisible({ timeout: 20_000 });
  const second = await openSecretThroughApi(admin, created.id);
  expect(second.secret.revision).toBe(2);
  expect(second.payload).toEqual({ note: 'admin / second-password' });
  expect(await opensWith(second.secret, first.secretKey)).toBe(false);

  // A new sign-in; then the server serves revision 1 again: refused, nothing of it shown.
  viewer = await openSecretFromList(page, 'Router');
  await expect(viewer.getByText('admin / second-password')).toBeVisible();
  await logOutThroughMenu(page, account.name);
  await signInThroughUi(page, account.email, account.password);
  await page.route(`**/api/v1/secrets/${created.id}.json`, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: revisionOne }) : route.fallback(),
  );
  await page.reload();
  await rowButton(dashboardList(page, 'Secrets'), 'Router').click();
  await expect(page.getByRole('alert').filter({ hasText: 'older version' })).toHaveText(
    'The server sent an older version of this secret (revision 1) than one this browser has already seen (revision 2). It has not been opened: the server may have rolled it back. Tell an administrator.',
  );
  await expect(page.getByText('admin / first-password')).toHaveCount(0);
  await page.unroute(`**/api/v1/secrets/${created.id}.json`);

  // A move is a save into the new chest: revision 3 under yet another key.
  await page.reload();
  const menu = await openRowMenu(dashboardList(page, 'Secrets'), 'Router');
  await menu.getByRole('menuitem', { name: 'Move to another Chest' }).click();
  const move = page.getByRole('dialog', { name: 'Move to another Chest' });
  await move.getByRole('radio', { name: /Archive/ }).check();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(notice(page, 'Router moved to Archive.')).toBeVisible({ timeout: 20_000 });
  const third = await openSecretThroughApi(admin, created.id);
  expect(third.secret).toMatchObject({ revision: 3, vault_id: chests[1]?.id });
  expect(third.payload).toEqual({ note: 'admin / second-password' });
  expect(await opensWith(third.secret, second.secretKey)).toBe(false);
  viewer = await openSecretFromList(page, 'Router');
  await expect(viewer.getByText('admin / second-password')).toBeVisible();
});
