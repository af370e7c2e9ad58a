import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { openCofferExport } from '../../packages/web/src/import/formats/coffer-export.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { type ApiSession, apiOk, apiSignIn } from '../support/api-session.js';
import { confirmPeopleAndShare } from '../support/confirm-people-ui.js';
import { notice } from '../support/dashboard-ui.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  openSecretThroughApi,
} from '../support/secrets-api.js';
import { recordSensitive } from '../support/sensitive-values.js';
import { confirmWithPassword } from '../support/settings-ui.js';

// Issue 28: a member exports what they can read, as Bitwarden JSON and as the password-protected Coffer
// export; the Coffer export, read back in Node by Coffer's own import reader, holds every secret as the
// server stores it, the file byte for byte.

const EXPORT_PASSWORD = 'export-Passw0rd-for-the-zip';

/** Account Settings → Export my secrets → the password → the choice; answers the choice dialog. */
async function startExport(page: Page, password: string) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Export my secrets' }).click();
  await confirmWithPassword(page.getByRole('dialog', { name: 'Export my secrets?' }), password, 'Continue');
  const choice = page.getByRole('dialog', { name: 'Export my secrets', exact: true });
  await expect(choice).toBeVisible({ timeout: 30_000 });
  return choice;
}

async function payloadOf(session: ApiSession, id: string): Promise<Record<string, unknown>> {
  const { payload } = await openSecretThroughApi(session, id);
  const { attachments: _files, ...rest } = payload;
  return rest;
}

test('a member exports every secret they can read, as Bitwarden JSON and as the Coffer export, files included', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { admin } = await newOrganisationThroughApi(request, testInfo);
  const member = await createMemberThroughApi(admin, testInfo, 'exporter', []);
  const team = await createTeamThroughApi(admin, 'Operations', [{ user_id: member.id, edit_access: true }]);
  const infra = await createChestThroughApi(admin, 'Infra', [{ team_id: team.id, edit_access: true }]);
  const office = await createChestThroughApi(admin, 'Office', [{ team_id: team.id, edit_access: true }]);
  const board = await createTeamThroughApi(admin, 'Board', []);
  const boardOnly = await createChestThroughApi(admin, 'Board only', [
    { team_id: board.id, edit_access: true },
  ]);
  await createSecretThroughApi(admin, {
    vaultId: boardOnly.id,
    name: 'Board minutes',
    category: 'note',
    payload: { note: 'not for the member' },
  });
  await recordSensitive({ kind: 'password', value: EXPORT_PASSWORD });
  const personal = await onboardMember(page, member);
  const session = await apiSignIn(request, { email: member.email, password: personal });

  // What the member can read: every category, the richer parts; and a chest they cannot read.
  const seeded = [
    await createSecretThroughApi(session, {
      vaultId: infra.id,
      name: 'AWS root',
      category: 'password',
      payload: {
        username: 'root@example.com',
        password: 'n3w-Passw0rd-of-root',
        url: 'https://console.aws.amazon.com',
        note: 'break glass',
        moreUrls: [{ url: 'https://signin.aws.amazon.com/', match: 'starts-with' }],
        totp: 'otpauth://totp/AWS:root?secret=JBSWY3DPEHPK3PXP&issuer=AWS',
        fields: [
          { name: 'Support PIN', kind: 'hidden', value: '4711-2026' },
          { name: 'MFA enforced', kind: 'boolean', value: 'true' },
        ],
        history: [
          { field: 'password', value: 'old-Passw0rd-of-root', changedAt: '2026-01-02T03:04:05.000Z' },
        ],
      },
    }),
    await createSecretThroughApi(session, {
      vaultId: office.id,
      name: 'Reception',
      category: 'telephone',
      payload: { country: '41', number: '445551234', extension: '12', note: 'Empfang' },
    }),
    await createSecretThroughApi(session, {
      vaultId: office.id,
      name: 'Head office',
      category: 'address',
      payload: {
        addressOne: 'Bahnhofstrasse 1',
        addressTwo: '',
        addressThree: '',
        addressFour: 'Zürich',
        postalCode: '8001',
        country: 'CH',
        note: '',
      },
    }),
  ];
  await recordSensitive(
    { kind: 'password', value: 'n3w-Passw0rd-of-root' },
    { kind: 'password', value: 'old-Passw0rd-of-root' },
    { kind: 'password', value: 'deploy-Passw0rd-2026' },
  );

  // A secret with a file, attached in the member's browser.
  const file = randomBytes(1024 * 1024 + 777);
  await page.goto('/');
  await page.getByRole('button', { name: 'Add Secret' }).click();
  const form = page.getByRole('form', { name: 'New Secret' });
  await form.getByLabel('Name', { exact: true }).fill('Deploy key');
  await form.getByLabel('Chest').selectOption({ label: 'Infra' });
  await form.getByLabel('Username', { exact: true }).fill('deploy');
  await form.getByLabel('Password', { exact: true }).fill('deploy-Passw0rd-2026');
  await form.getByLabel('Attach file').setInputFiles({
    name: 'deploy-key.pem',
    mimeType: 'application/x-pem-file',
    buffer: file,
  });
  await form.getByRole('button', { name: 'Save' }).click();
  const people = page.getByRole('dialog', { name: /Confirm people before sharing|Security warning/ });
  const created = notice(page, 'Deploy key created!');
  await expect(people.or(created)).toBeVisible({ timeout: 30_000 });
  if (await people.isVisible()) await confirmPeopleAndShare(people);
  await expect(created).toBeVisible({ timeout: 30_000 });

  // The Coffer export: the account password first, then an export password typed twice.
  const coffer = await startExport(page, personal);
  await coffer.getByLabel('Export Password', { exact: true }).fill(EXPORT_PASSWORD);
  await coffer.getByLabel('Confirm Export Password').fill(EXPORT_PASSWORD);
  const downloadingZip = page.waitForEvent('download', { timeout: 120_000 });
  await coffer.getByRole('button', { name: 'Export', exact: true }).click();
  const zip = await downloadingZip;
  expect(zip.suggestedFilename()).toMatch(/^coffer-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(notice(page, `4 secrets and 1 file saved in ${zip.suggestedFilename()}.`)).toBeVisible();
  const zipBytes = await readFile(await zip.path());
  expect(zipBytes.includes(Buffer.from('n3w-Passw0rd-of-root'))).toBe(false);

  const read = await openCofferExport(new Uint8Array(zipBytes), { password: EXPORT_PASSWORD });
  expect(read.problems).toEqual([]);
  expect(read.items.map((item) => item.title).sort()).toEqual([
    'AWS root',
    'Deploy key',
    'Head office',
    'Reception',
  ]);
  const { items: listed } = await apiOk<{
    items: { id: string; name: string; category: string; vault_id: string }[];
  }>(session, 'GET', '/api/v1/secrets.json?limit=200');
  expect(listed).toHaveLength(4);
  for (const secret of listed) {
    const item = read.items.find((found) => found.sourceId === secret.id);
    expect(item?.title).toBe(secret.name);
    expect(item?.coffer?.category).toBe(secret.category);
    expect(item?.container).toEqual([secret.vault_id === infra.id ? 'Infra' : 'Office']);
    expect(item?.coffer?.payload).toEqual(await payloadOf(session, secret.id));
  }
  expect(seeded.every((secret) => read.items.some((item) => item.sourceId === secret.id))).toBe(true);
  const deployKey = read.items.find((item) => item.title === 'Deploy key');
  expect(deployKey?.attachments).toHaveLength(1);
  expect(deployKey?.attachments[0]?.name).toBe('deploy-key.pem');
  expect(deployKey?.attachments[0]?.mediaType).toBe('application/x-pem-file');
  expect(Buffer.from(deployKey?.attachments[0]?.data ?? new Uint8Array()).equals(file)).toBe(true);
  await expect(
    openCofferExport(new Uint8Array(zipBytes), { password: 'not the export password' }),
  ).rejects.toThrow('The password is not right for this file.');

  // Bitwarden JSON: the warning that it is not encrypted, and the file it cannot hold, said.
  const bitwarden = await startExport(page, personal);
  await bitwarden.getByRole('radio', { name: /Bitwarden JSON/ }).check();
  await expect(bitwarden.getByRole('alert')).toContainText('This file is not encrypted');
  const downloadingJson = page.waitForEvent('download', { timeout: 120_000 });
  await bitwarden.getByRole('button', { name: 'Export', exact: true }).click();
  const json = await downloadingJson;
  expect(json.suggestedFilename()).toMatch(/^coffer-bitwarden-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(
    notice(
      page,
      '1 file attached to your secrets is not in a Bitwarden file: choose the Coffer export to keep them.',
    ),
  ).toBeVisible();
  const exported = JSON.parse(await readFile(await json.path(), 'utf8'));
  expect(exported.encrypted).toBe(false);
  expect(exported.folders.map((folder: { name: string }) => folder.name)).toEqual(['Infra', 'Office']);
  const aws = exported.items.find((item: { name: string }) => item.name === 'AWS root');
  expect(aws).toMatchObject({
    type: 1,
    folderId: infra.id,
    notes: 'break glass',
    login: {
      username: 'root@example.com',
      password: 'n3w-Passw0rd-of-root',
      totp: 'otpauth://totp/AWS:root?secret=JBSWY3DPEHPK3PXP&issuer=AWS',
      uris: [
        { match: 1, uri: 'https://console.aws.amazon.com' },
        { match: 2, uri: 'https://signin.aws.amazon.com/' },
      ],
    },
    passwordHistory: [{ lastUsedDate: '2026-01-02T03:04:05.000Z', password: 'old-Passw0rd-of-root' }],
  });
  expect(exported.items.find((item: { name: string }) => item.name === 'Head office')).toMatchObject({
    type: 4,
    identity: { address1: 'Bahnhofstrasse 1', postalCode: '8001', country: 'CH' },
  });
});
