import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { strongPassword } from '../support/accounts.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import type { BillingServer } from '../support/billing-server.js';
import { startProviderServer } from '../support/billing-server.js';
import { confirmPeopleAndShare } from '../support/confirm-people-ui.js';
import { notice } from '../support/dashboard-ui.js';
import { dataDir } from '../support/data-dir.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import type { RangeStandIn } from '../support/pwned-range-stand-in.js';
import { startRangeStandIn } from '../support/pwned-range-stand-in.js';
import {
  createChestThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  findEveryoneTeam,
} from '../support/secrets-api.js';

// Issue 31, password health: a member's security centre finds weak, reused and breached passwords
// (breaches from a local stand-in of the Pwned Passwords range API, which only ever receives 5-hex
// prefixes), an insecure URL, never a PIN; a finding dismissed stays dismissed; a fresh organisation
// gets the explicit 'Nothing found in N secrets checked' state. Every request of the page is watched:
// nothing about a password leaves the browser but the prefixes.

// Apart from the journeys' server (E2E_PORT) and the other second servers (+1000, +1100, +1200, +1300);
// one per worker, since a repeated run may hold this file in two workers at once.
const portOf = (parallelIndex: number) => Number(process.env.E2E_PORT ?? 8181) + 1500 + parallelIndex;
const BREACHED = 'password123';
const REUSED = strongPassword();
const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();

test.describe('password health', () => {
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from this pattern
    baseURL: async ({}, use, testInfo) => use(`http://127.0.0.1:${portOf(testInfo.parallelIndex)}`),
  });
  let range: RangeStandIn | undefined;
  let server: BillingServer | undefined;
  let port = 0;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern
  test.beforeAll(async ({}, workerInfo) => {
    port = portOf(workerInfo.parallelIndex);
    range = await startRangeStandIn({ [BREACHED]: 31_337 });
    server = await startProviderServer({
      port,
      dataDir: path.join(dataDir, `password-health-${workerInfo.parallelIndex}`),
      billing: 'off',
      env: { HIBP_RANGE_URL: range.url },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await range?.close();
  });

  // Every request the page makes, from the first one.
  function watchRequests(page: Page): Request[] {
    const seen: Request[] = [];
    page.on('request', (request) => seen.push(request));
    return seen;
  }

  // Nothing of these passwords in any request (URL or body) to anyone; the range API gets prefixes only.
  function expectNothingLeft(seen: readonly Request[], passwords: readonly string[]) {
    const appOrigin = `http://127.0.0.1:${port}`;
    const rangeOrigin = new URL(range?.url ?? '').origin;
    for (const request of seen) {
      const url = request.url();
      const origin = new URL(url).origin;
      expect([appOrigin, rangeOrigin], url).toContain(origin);
      if (origin === rangeOrigin) expect(new URL(url).pathname, url).toMatch(/^\/range\/[0-9A-F]{5}$/);
      const sent = `${url}\n${request.postData() ?? ''}`;
      for (const password of passwords) {
        const hash = sha1(password);
        expect(sent, url).not.toContain(password);
        expect(sent, url).not.toContain(hash.slice(5));
      }
    }
    for (const received of range?.received ?? []) {
      expect(['GET', 'OPTIONS'], received.url).toContain(received.method);
      expect(received.url).toMatch(/^\/range\/[0-9A-F]{5}$/);
      expect(received.body).toBe('');
      if (received.method === 'GET') expect(received.headers['add-padding']).toBe('true');
    }
  }

  test('a member sees weak, reused and breached passwords, edits one, dismisses one', async ({
    page,
  }, testInfo) => {
    // Two accounts' keys derived at 600,000 iterations, and three checks: slow on a busy machine.
    test.setTimeout(300_000);
    const seen = watchRequests(page);
    const { admin } = await newOrganisationThroughApi(page.request, testInfo);
    const everyone = await findEveryoneTeam(admin);
    const chest = await createChestThroughApi(admin, 'Shared', [{ team_id: everyone.id, edit_access: true }]);
    const member = await createMemberThroughApi(admin, testInfo, 'health', [everyone.id]);
    // The member writes in the chest (an edit membership of a team with edit access): rows offer Edit.
    await createTeamThroughApi(
      admin,
      'Writers',
      [{ user_id: member.id, edit_access: true }],
      [{ vault_id: chest.id, edit_access: true }],
    );
    // Confirmed first: a chest's readers with a key are its confirmed users.
    await onboardMember(page, member);
    const wiki = strongPassword();
    const seeded: [string, string, string][] = [
      ['Bank', BREACHED, 'https://bank.example'],
      ['Mail', REUSED, 'https://mail.example'],
      ['Chat', REUSED, 'https://chat.example'],
      ['Door', '1234', ''],
      ['Wiki', wiki, 'http://wiki.example'],
    ];
    for (const [name, password, url] of seeded) {
      await createSecretThroughApi(admin, {
        vaultId: chest.id,
        name,
        category: 'password',
        payload: { username: 'ada', password, url, note: '' },
      });
    }

    await page.getByRole('link', { name: 'Security centre' }).click();
    await expect(page).toHaveURL(/\/security$/);
    const summary = page.getByTestId('health-summary');
    await expect(summary).toHaveText('4 of 5 secrets at risk, checked just now', { timeout: 120_000 });
    const findings = page.getByRole('list', { name: 'Health findings' });
    const row = (kind: string, name: string) =>
      findings.getByRole('listitem').filter({ hasText: kind }).filter({ hasText: name });
    await expect(row('Breached', 'Bank')).toContainText('Found 31,337 times in data breaches');
    await expect(row('Reused', 'Mail')).toContainText('Same password in 2 secrets');
    await expect(row('Reused', 'Chat')).toBeVisible();
    await expect(row('Weak', 'Bank')).toBeVisible();
    await expect(row('Insecure URL', 'Wiki')).toContainText('http://wiki.example');
    // What to fix first: the breach at the top.
    await expect(findings.getByRole('listitem').first()).toContainText('Breached');
    // A PIN of four digits is not called weak.
    await expect(findings.getByRole('listitem').filter({ hasText: 'Door' })).toHaveCount(0);

    // A row opens the secret's edit form; a new password ends the reuse, for both secrets.
    const fresh = strongPassword();
    await row('Reused', 'Chat').getByRole('button', { name: 'Edit Chat' }).click();
    const form = page.getByRole('form', { name: 'Edit Secret' });
    await form.getByLabel('Password', { exact: true }).fill(fresh);
    await form.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm people before sharing' });
    await expect(confirm).toBeVisible({ timeout: 90_000 });
    await confirmPeopleAndShare(confirm);
    await expect(notice(page, 'Chat updated!')).toBeVisible({ timeout: 60_000 });
    await expect(summary).toHaveText('2 of 5 secrets at risk, checked just now', { timeout: 120_000 });
    await expect(findings.getByRole('listitem').filter({ hasText: 'Reused' })).toHaveCount(0);

    // Dismissed with a reason: gone from the list, and still gone after a reload (sealed on the server).
    const reason = 'Legacy system, replaced next quarter';
    await row('Weak', 'Bank').getByRole('button', { name: 'Dismiss Weak Bank' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss finding' });
    await dialog.getByLabel('Reason').fill(reason);
    await expect(dialog.getByLabel('Raise again after')).toHaveValue('180');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice(page, 'Finding dismissed.')).toBeVisible();
    await expect(row('Weak', 'Bank')).toHaveCount(0);
    await expect(page.getByText('1 dismissed (accepted risk)')).toBeVisible();
    await page.reload();
    await expect(summary).toHaveText('2 of 5 secrets at risk, checked just now', { timeout: 120_000 });
    await expect(row('Breached', 'Bank')).toBeVisible();
    await expect(row('Weak', 'Bank')).toHaveCount(0);
    const stored = seen.filter((request) => request.url().includes('/api/v1/health_dismissals'));
    expect(stored.some((request) => request.method() === 'PUT')).toBe(true);
    for (const request of stored) expect(request.postData() ?? '').not.toContain(reason);

    expectNothingLeft(seen, [BREACHED, REUSED, wiki, fresh]);
    expect(range?.received.some((request) => request.method === 'GET')).toBe(true);
  });

  test('a fresh organisation says how many secrets were checked and found clean', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const seen = watchRequests(page);
    const { account, admin } = await newOrganisationThroughApi(page.request, testInfo);
    const everyone = await findEveryoneTeam(admin);
    const chest = await createChestThroughApi(admin, 'Ops', [{ team_id: everyone.id, edit_access: true }]);
    const passwords = [strongPassword(), strongPassword(), strongPassword()];
    for (const [index, password] of passwords.entries()) {
      await createSecretThroughApi(admin, {
        vaultId: chest.id,
        name: `Service ${index + 1}`,
        category: 'password',
        payload: { username: 'ops', password, url: 'https://ops.example', note: '' },
      });
    }
    await signInThroughUi(page, account.email, account.password);
    // Administrators reach it from the admin area's navigation too.
    await page.goto('/admin/chests');
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Security centre' })
      .click();
    await expect(page.getByTestId('health-summary')).toHaveText(
      'Nothing found in 3 secrets checked just now',
      {
        timeout: 120_000,
      },
    );
    await expect(page.getByRole('list', { name: 'Health findings' })).toHaveCount(0);
    expectNothingLeft(seen, passwords);
  });
});
