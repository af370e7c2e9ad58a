import { sealSecret } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { apiCall, apiOk, apiSignIn } from '../support/api-session.js';
import { confirmPeopleAndShare } from '../support/confirm-people-ui.js';
import { dashboardList, openSecretFromList, rowButton, secretViewer } from '../support/dashboard-ui.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import { createSecretThroughForm } from '../support/secret-form-ui.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  openSecretThroughApi,
  wrapForReaders,
} from '../support/secrets-api.js';

// Issue 4, sharing: a secret made in the administrator's browser reaches a colleague who joins
// later (missing keys reshared), and a read-only member can read but never edit.

test('sharing: a member added to the team later reads the secret once the missing keys are reshared', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const team = await createTeamThroughApi(admin, 'Field team');
  await createChestThroughApi(admin, 'Field kit', [{ team_id: team.id, edit_access: true }]);

  // The administrator makes the secret in the browser.
  await signInThroughUi(page, account.email, account.password);
  await createSecretThroughForm(page, {
    type: 'password',
    name: 'Field login',
    chest: 'Field kit',
    fields: { Username: 'field-agent', Password: 'Sh4red-Secret-Value!' },
  });

  // A colleague joins the team afterwards: the secret's key was never wrapped for them. They set their
  // personal password first, which makes their own key pair (no administrator ever held its private key).
  const member = await createMemberThroughApi(admin, testInfo, 'field', [team.id]);
  const theirs = await browser.newContext();
  const memberPage = await theirs.newPage();
  await onboardMember(memberPage, member);
  const missing = await apiOk<{ keyshare: { user_id: string }[] }>(
    admin,
    'GET',
    '/api/v1/secret_keys/reshare_all.json',
  );
  expect(missing.keyshare.filter((pair) => pair.user_id === member.id)).toHaveLength(1);

  // The administrator's dashboard says a key is missing and shares it from this browser on request.
  await page.reload();
  await expect(page.getByText('1 secret key is missing for a colleague who was given access.')).toBeVisible();
  await page.getByRole('button', { name: 'Reshare Missing Keys' }).click();
  await expect(page.getByText('Sharing Missing Secrets to Users in the product...')).toBeVisible();
  // The click confirms nobody: the colleague's key came from the server, so the dialog names them first.
  await confirmPeopleAndShare(
    page.getByRole('dialog', { name: /Confirm people before sharing|Security warning/ }),
  );
  await expect(page.getByText('1 missing key shared.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reshare Missing Keys' })).toBeHidden();
  const after = await apiOk<{ keyshare: unknown[] }>(admin, 'GET', '/api/v1/secret_keys/reshare_all.json');
  expect(after.keyshare).toHaveLength(0);

  // The colleague, in their own browser, reads the value decrypted with their own key.
  try {
    await memberPage.reload();
    const viewer = await openSecretFromList(memberPage, 'Field login');
    await expect(viewer.getByText('field-agent')).toBeVisible();
    await viewer.getByRole('button', { name: 'Show Password' }).click();
    await expect(viewer.getByText('Sh4red-Secret-Value!')).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test('read-only: a member of a read-only team sees the secret but has no edit action, and the server refuses an edit', async ({
  browser,
  request,
}, testInfo) => {
  const { admin } = await newOrganisationThroughApi(request, testInfo);
  const readers = await createTeamThroughApi(admin, 'Readers');
  const chest = await createChestThroughApi(admin, 'Handbook', [{ team_id: readers.id, edit_access: false }]);
  const member = await createMemberThroughApi(admin, testInfo, 'reader', [readers.id]);
  const theirs = await browser.newContext();
  try {
    const page = await theirs.newPage();
    // Setting the personal password makes the member's own key pair; the secret is wrapped for that one.
    const personal = await onboardMember(page, member);
    const secret = await createSecretThroughApi(admin, {
      vaultId: chest.id,
      name: 'Door code',
      category: 'note',
      payload: { note: 'Front door: 4711' },
    });
    await page.reload();
    const secrets = dashboardList(page, 'Secrets');
    await expect(rowButton(secrets, 'Door code')).toBeVisible();
    await expect(secrets.getByRole('button', { name: 'Options for Door code' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Secret' })).toHaveCount(0);
    const viewer = await openSecretFromList(page, 'Door code');
    await expect(viewer.getByText('Front door: 4711')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Edit Secret' })).toHaveCount(0);
    await page.keyboard.press('Shift+E');
    await expect(page.getByRole('form', { name: 'Edit Secret' })).toHaveCount(0);
    await expect(secretViewer(page, 'Door code')).toBeVisible();

    // The server refuses a well-formed save from them: only the permission is wrong.
    const session = await apiSignIn(request, { email: member.email, password: personal });
    const opened = await openSecretThroughApi(session, secret.id);
    expect(opened.payload).toEqual({ note: 'Front door: 4711' });
    const revision = opened.secret.revision + 1;
    const sealed = await sealSecret({
      secretId: secret.id,
      revision,
      payload: { note: 'Front door: 0000' },
      secretKey: opened.secretKey,
    });
    const refused = await apiCall(session, 'PUT', `/api/v1/secrets/${secret.id}.json`, {
      secret: {
        revision,
        vault_id: chest.id,
        name: 'Door code',
        category: 'note',
        ...sealed,
        secret_keys_attributes: await wrapForReaders(admin, chest.id, secret.id, opened.secretKey),
        strength: null,
        form_fill: false,
        hidden: false,
      },
    });
    expect(refused).toEqual({ status: 403, json: { error: 'You do not have permission to do that.' } });
    expect((await openSecretThroughApi(admin, secret.id)).payload).toEqual({ note: 'Front door: 4711' });
  } finally {
    await theirs.close();
  }
});
