import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { apiOk, apiSignIn } from '../support/api-session.js';
import { confirmPeopleAndShare } from '../support/confirm-people-ui.js';
import { notice, openSecretFromList } from '../support/dashboard-ui.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import { createChestThroughApi, createTeamThroughApi } from '../support/secrets-api.js';
import { recordSensitive } from '../support/sensitive-values.js';

// Issue 27: a member keeps what a team really shares in one secret (an authenticator key pasted or
// scanned from a screenshot, a hidden field, a second URL, the password's history, a file), and a
// colleague downloads the file byte for byte, until they leave the chest's team.

const AWS_SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const AWS_URI = `otpauth://totp/AWS:root?secret=${AWS_SEED}&issuer=AWS`;
const GITHUB_SEED = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const GITHUB_URI = `otpauth://totp/GitHub:ops?secret=${GITHUB_SEED}&issuer=GitHub&algorithm=SHA256&digits=8`;

/** The codes an authenticator app shows around now (the step may turn while the journey reads it). */
function codesAroundNow(seed: string, algorithm: 'SHA1' | 'SHA256', digits: number): string[] {
  const totp = new TOTP({ secret: Secret.fromBase32(seed), algorithm, digits, period: 30 });
  const now = Date.now();
  return [now - 30_000, now, now + 30_000].map((timestamp) => totp.generate({ timestamp }));
}

/** Saves the form; the first save to a colleague asks to confirm them first. */
async function saveAndConfirm(page: Page, form: Locator, done: string): Promise<void> {
  await form.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: /Confirm people before sharing|Security warning/ });
  await expect(dialog.or(notice(page, done))).toBeVisible({ timeout: 30_000 });
  if (await dialog.isVisible()) await confirmPeopleAndShare(dialog);
  await expect(notice(page, done)).toBeVisible({ timeout: 30_000 });
}

async function shownCode(viewer: Locator): Promise<string> {
  const value = viewer.locator('.totp-code__value');
  await expect(value).toHaveAttribute('data-code', /^\d{6,8}$/);
  return (await value.getAttribute('data-code')) ?? '';
}

test('richer secrets: authenticator codes, a hidden field, two URLs, password history, and a file a colleague downloads until removed', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { admin } = await newOrganisationThroughApi(request, testInfo);
  const author = await createMemberThroughApi(admin, testInfo, 'author', []);
  const colleague = await createMemberThroughApi(admin, testInfo, 'colleague', []);
  const team = await createTeamThroughApi(admin, 'Operations', [
    { user_id: author.id, edit_access: true },
    { user_id: colleague.id, edit_access: true },
  ]);
  await createChestThroughApi(admin, 'Infra', [{ team_id: team.id, edit_access: true }]);
  const firstPassword = 'first-Passw0rd-of-root!';
  const secondPassword = 'second-Passw0rd-of-root!';
  await recordSensitive(
    { kind: 'password', value: firstPassword },
    { kind: 'password', value: secondPassword },
    { kind: 'authenticator key', value: AWS_SEED },
    { kind: 'authenticator key', value: GITHUB_SEED },
  );

  await onboardMember(page, author);
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();
  const colleaguePassword = await onboardMember(colleaguePage, colleague);

  // The author pastes an otpauth URI, adds a hidden field, a second URL and a file of two chunks.
  const file = randomBytes(1024 * 1024 + 4321);
  await page.getByRole('button', { name: 'Add Secret' }).click();
  const form = page.getByRole('form', { name: 'New Secret' });
  await form.getByLabel('Name', { exact: true }).fill('AWS root');
  await form.getByLabel('Chest').selectOption({ label: 'Infra' });
  await form.getByLabel('Username', { exact: true }).fill('root@example.com');
  await form.getByLabel('Password', { exact: true }).fill(firstPassword);
  await form.getByLabel('Authenticator key (TOTP)', { exact: true }).fill(AWS_URI);
  await form.getByLabel('URL', { exact: true }).fill('console.aws.amazon.com');
  await form.getByRole('button', { name: 'Add URL' }).click();
  await form.getByLabel('URL 2', { exact: true }).fill('https://signin.aws.amazon.com/');
  await form.getByLabel('Match rule for URL 2').selectOption('starts-with');
  await form.getByRole('button', { name: 'Add field' }).click();
  await form.getByLabel('Field 1 name', { exact: true }).fill('Support PIN');
  await form.getByLabel('Field 1 kind').selectOption('hidden');
  await form.getByLabel('Field 1 value', { exact: true }).fill('4711-2026');
  await form.getByLabel('Attach file').setInputFiles({
    name: 'root-key.pem',
    mimeType: 'application/x-pem-file',
    buffer: file,
  });
  await saveAndConfirm(page, form, 'AWS root created!');

  const viewer = await openSecretFromList(page, 'AWS root');
  expect(codesAroundNow(AWS_SEED, 'SHA1', 6)).toContain(await shownCode(viewer));
  await expect(viewer.getByText('https://signin.aws.amazon.com/')).toBeVisible();
  await expect(viewer.getByText('4711-2026')).toBeHidden();
  await viewer.getByRole('button', { name: 'Show Support PIN' }).click();
  await expect(viewer.getByText('4711-2026')).toBeVisible();
  await expect(viewer.getByRole('list', { name: 'Files' }).getByText('root-key.pem')).toBeVisible();

  // A new password keeps the old one in the history.
  await viewer.getByRole('button', { name: 'Edit Secret' }).click();
  const edit = page.getByRole('form', { name: 'Edit Secret' });
  await edit.getByLabel('Password', { exact: true }).fill(secondPassword);
  await saveAndConfirm(page, edit, 'AWS root updated!');
  const edited = await openSecretFromList(page, 'AWS root');
  await edited.getByRole('button', { name: /Password history/ }).click();
  const history = edited.getByRole('region', { name: 'Password history' });
  await history.getByRole('button', { name: /^Show Password · / }).click();
  await expect(history.getByText(firstPassword)).toBeVisible();

  // A second secret's key comes from a screenshot of its QR code (SHA-256, 8 digits).
  await page.getByRole('button', { name: 'Add Secret' }).click();
  const second = page.getByRole('form', { name: 'New Secret' });
  await second.getByLabel('Name', { exact: true }).fill('GitHub ops');
  await second.getByLabel('Chest').selectOption({ label: 'Infra' });
  await second.getByLabel('Username', { exact: true }).fill('ops');
  await second.getByLabel('Password', { exact: true }).fill(secondPassword);
  await second.getByLabel('Scan QR code from image').setInputFiles({
    name: 'github-2fa.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer(GITHUB_URI, { scale: 6 }),
  });
  await expect(second.getByLabel('Authenticator key (TOTP)', { exact: true })).toHaveValue(GITHUB_URI);
  await saveAndConfirm(page, second, 'GitHub ops created!');
  const github = await openSecretFromList(page, 'GitHub ops');
  expect(codesAroundNow(GITHUB_SEED, 'SHA256', 8)).toContain(await shownCode(github));

  // The colleague downloads the file in their own browser: the same bytes.
  try {
    await colleaguePage.reload();
    const theirs = await openSecretFromList(colleaguePage, 'AWS root');
    const fileRequest = colleaguePage.waitForRequest((sent) =>
      /\/api\/v1\/attachments\/[^/]+$/.test(sent.url()),
    );
    const downloading = colleaguePage.waitForEvent('download');
    await theirs.getByRole('button', { name: 'Download root-key.pem' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('root-key.pem');
    const saved = await readFile(await download.path());
    expect(saved.equals(file)).toBe(true);
    const attachmentPath = new URL((await fileRequest).url()).pathname;

    // Removed from the chest's team, the colleague can no longer fetch it.
    const session = await apiSignIn(request, { email: colleague.email, password: colleaguePassword });
    const fetchFile = () =>
      request.get(attachmentPath, { headers: { Authorization: `Bearer ${session.token}` } });
    expect((await fetchFile()).status()).toBe(200);
    const { memberships } = await apiOk<{ memberships: { id: string; user_id: string }[] }>(
      admin,
      'GET',
      `/api/v1/teams/${team.id}.json`,
    );
    const membership = memberships.find((entry) => entry.user_id === colleague.id);
    await apiOk(admin, 'PUT', `/api/v1/teams/${team.id}.json`, {
      team: { memberships_attributes: [{ id: membership?.id, _destroy: true }] },
    });
    const refused = await fetchFile();
    expect(refused.status()).toBe(404);
    expect(await refused.json()).toEqual({ error: 'Not found' });
  } finally {
    await colleagueContext.close();
  }
});
