import type { PublicKeysResponse } from '@coffer/core';
import { wrapSecretKey } from '@coffer/core';
import { expect, test } from '@playwright/test';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { apiOk } from '../support/api-session.js';
import { confirmPeopleAndShare } from '../support/confirm-people-ui.js';
import {
  dashboardList,
  notice,
  openSecretFromList,
  rowButton,
  secretViewer,
} from '../support/dashboard-ui.js';
import { replaceWrappedKey } from '../support/database.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  openSecretThroughApi,
} from '../support/secrets-api.js';

// Issue 7, finding 1: a reader whose wrapped key does not open has a way out. The browser reports
// it, the server drops it, it shows as missing to administrators, and their reshare replaces it.

const CANNOT_OPEN = 'Secret key for this secret was not found, please contact an administrator to reshare.';

test('broken key: a member whose key does not open is told so, and the administrator’s reshare repairs it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const team = await createTeamThroughApi(admin, 'Night shift');
  const chest = await createChestThroughApi(admin, 'Night kit', [{ team_id: team.id, edit_access: false }]);
  const member = await createMemberThroughApi(admin, testInfo, 'broken', [team.id]);
  const secret = await createSecretThroughApi(admin, {
    vaultId: chest.id,
    name: 'Alarm code',
    category: 'note',
    payload: { note: 'Disarm: 2468' },
  });

  // The member's key is replaced by one wrapped for their public key under the administrator's
  // label: RSA-OAEP refuses it for them, as it would any key a faulty client wrapped.
  const { secretKey } = await openSecretThroughApi(admin, secret.id);
  const { items } = await apiOk<PublicKeysResponse>(
    admin,
    'GET',
    `/api/v1/vaults/${chest.id}/public_keys.json`,
  );
  const memberKey = items.find((entry) => entry.user_id === member.id);
  if (!memberKey) throw new Error('The member is not a reader of the chest');
  const misLabelled = await wrapSecretKey(secretKey, memberKey.public_key, {
    secretId: secret.id,
    userId: admin.profile.id,
  });
  secretKey.fill(0);
  replaceWrappedKey(secret.id, member.id, misLabelled);

  const theirs = await browser.newContext();
  try {
    const memberPage = await theirs.newPage();
    await onboardMember(memberPage, member);
    const secrets = dashboardList(memberPage, 'Secrets');
    await rowButton(secrets, 'Alarm code').click();
    await expect(notice(memberPage, CANNOT_OPEN)).toBeVisible({ timeout: 20_000 });
    await expect(secretViewer(memberPage, 'Alarm code')).toHaveCount(0);
    await expect(memberPage.getByText('Disarm: 2468')).toHaveCount(0);

    // The report dropped the key: the server lists it as missing for the administrator.
    const missing = await apiOk<{ keyshare: { secret_id: string; user_id: string }[] }>(
      admin,
      'GET',
      '/api/v1/secret_keys/reshare_all.json',
    );
    expect(missing.keyshare).toEqual([expect.objectContaining({ secret_id: secret.id, user_id: member.id })]);

    // The administrator's dashboard offers the reshare; it wraps a key that opens.
    await signInThroughUi(page, account.email, account.password);
    await expect(
      page.getByText('1 secret key is missing for a colleague who was given access.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Reshare Missing Keys' }).click();
    // This browser never confirmed the member's key: the dialog names them before anything is wrapped.
    await confirmPeopleAndShare(
      page.getByRole('dialog', { name: /Confirm people before sharing|Security warning/ }),
    );
    await expect(page.getByText('1 missing key shared.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reshare Missing Keys' })).toBeHidden();

    // The member reads the secret now.
    const viewer = await openSecretFromList(memberPage, 'Alarm code');
    await expect(viewer.getByText('Disarm: 2468')).toBeVisible();
  } finally {
    await theirs.close();
  }
});
