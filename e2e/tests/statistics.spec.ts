import type { Organisation, Profile, StatisticsMetric } from '@coffer/core';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { openUserPage } from '../support/admin-users-ui.js';
import { apiOk } from '../support/api-session.js';
import { notice } from '../support/dashboard-ui.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import { findEveryoneTeam } from '../support/secrets-api.js';
import type { SeededDay } from '../support/statistics-records.js';
import { enGbDay, seedDailyRecords, utcDay } from '../support/statistics-records.js';

// Issue 12: the statistics dashboard. The owner names a data administrator on the user page; that
// member, who is no administrator, reaches /admin/datadashboard from the account menu and reads the
// cards and the charts of the organisation's daily records. Everyone else is sent to /.

/** Every figure of a daily record, with the given accepted users and monthly cost (pence). */
function figures(users: number, costPence: number): Record<StatisticsMetric, number> {
  return {
    users_accepted: users,
    users_pending: 1,
    users_locked: 0,
    administrators: 1,
    two_step_users: 1,
    sign_ins: users * 2,
    secrets_credential: 7,
    secrets_phone: 2,
    secrets_address: 1,
    secrets_note: 3,
    weak_secrets: 2,
    secrets_created: 1,
    secrets_removed: 0,
    chests: 3,
    teams: 2,
    missing_keys: 0,
    secrets_to_rotate: 3,
    rotated_this_month: 1,
    monthly_cost_pence: costPence,
  };
}

/** The newest record is yesterday's (the recorder takes a day once it is over); it is compared with 30 days before. */
const YESTERDAY = utcDay(-1);
const COMPARED = utcDay(-31);
const seeded: SeededDay[] = [
  { date: COMPARED, values: figures(4, 1200) },
  // The ten days before today; users grow from 1 to 5 over them, the cost falls to £9.00.
  ...Array.from({ length: 10 }, (_, index) => ({
    date: utcDay(index - 10),
    values: figures(Math.min(5, index + 1), index === 9 ? 900 : 1000),
  })),
];

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Whether a canvas has anything drawn on it (a chart draws its axes and lines). */
function drawnPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const node = element as HTMLCanvasElement;
    const context = node.getContext('2d');
    if (!context || node.width === 0 || node.height === 0) return 0;
    const { data } = context.getImageData(0, 0, node.width, node.height);
    let drawn = 0;
    for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) drawn += 1;
    return drawn;
  });
}

async function expectSentHome(page: Page): Promise<void> {
  await page.goto('/admin/datadashboard');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Statistics' })).toHaveCount(0);
}

test('statistics: the owner names a data administrator, who reads the cards and a chart of the seeded days; nobody else gets in', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  const member = await createMemberThroughApi(admin, testInfo, 'dana', [everyone.id]);
  const organisation = await apiOk<Organisation>(admin, 'GET', '/api/v1/organisation.json');
  seedDailyRecords(organisation.id, seeded);

  // The member, without the flag, is sent to / and has no Statistics in the account menu.
  const theirs = await browser.newContext();
  const memberPage = await theirs.newPage();
  const cspViolations: string[] = [];
  memberPage.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  memberPage.on('pageerror', (error) => cspViolations.push(error.message));
  await onboardMember(memberPage, member);
  await expectSentHome(memberPage);
  await memberPage.getByRole('button', { name: member.name }).click();
  await expect(memberPage.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
  await expect(memberPage.getByRole('menuitem', { name: 'Statistics' })).toHaveCount(0);
  await memberPage.keyboard.press('Escape');

  // The owner is an administrator without the flag: sent to / as well.
  await signInThroughUi(page, account.email, account.password);
  await expectSentHome(page);

  // The owner gives the member the flag on their user page.
  await openUserPage(page, member.name);
  const flag = page.getByRole('switch', { name: 'Data administrator', exact: true });
  await expect(flag).not.toBeChecked();
  await flag.click();
  await expect(notice(page, `${member.name} is now a data administrator.`)).toBeVisible();
  await expect(flag).toBeChecked();

  // The member's next visit: Statistics in the account menu leads to the cards of yesterday's record.
  await memberPage.reload();
  await memberPage.getByRole('button', { name: member.name }).click();
  await memberPage.getByRole('menuitem', { name: 'Statistics' }).click();
  await expect(memberPage).toHaveURL(/\/admin\/datadashboard$/);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(memberPage.getByText(`Figures of ${enGbDay(YESTERDAY)}.`)).toBeVisible();
  const users = article(memberPage, 'Accepted users');
  await expect(users.getByText('5', { exact: true })).toBeVisible();
  await expect(users).toContainText('▲');
  await expect(users).toContainText('Up by 25%');
  const cost = article(memberPage, 'Monthly cost');
  await expect(cost.getByText('£9.00', { exact: true })).toBeVisible();
  await expect(cost).toContainText('▼');
  await expect(cost).toContainText('Down by 25%');
  await expect(article(memberPage, 'Chests')).toContainText('No change');
  // Issue 31's figures.
  await expect(article(memberPage, 'Secrets to rotate').getByText('3', { exact: true })).toBeVisible();
  await expect(article(memberPage, 'Rotated this month').getByText('1', { exact: true })).toBeVisible();
  // The page alone: no admin sections to pages refused to them, and the way back in the header.
  await expect(memberPage.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  await expect(memberPage.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
  // Any other admin page is refused to them.
  await memberPage.goto('/admin/chests');
  await expect(memberPage).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  // The Date range tab, by keyboard: the last 30 days, charted.
  await memberPage.goto('/admin/datadashboard');
  await memberPage.getByRole('tab', { name: 'All time view' }).focus();
  await memberPage.keyboard.press('ArrowRight');
  await expect(memberPage.getByRole('tab', { name: 'Date range' })).toHaveAttribute('aria-selected', 'true');
  await expect(memberPage.getByLabel('From', { exact: true })).toHaveValue(utcDay(-29));
  await expect(memberPage.getByLabel('To', { exact: true })).toHaveValue(utcDay(0));
  const usersChart = memberPage.getByRole('figure', { name: 'Users' });
  const canvas = usersChart.locator('canvas');
  await expect(canvas).toBeVisible();
  await expect.poll(() => drawnPixels(canvas)).toBeGreaterThan(1000);
  await usersChart.getByText('Show the figures of Users').click();
  await expect(usersChart.getByRole('row', { name: new RegExp(enGbDay(YESTERDAY)) })).toContainText('5');

  // The theme's colours: the chart is drawn again in the dark set.
  const light = await canvas.evaluate((element) => (element as HTMLCanvasElement).toDataURL());
  await memberPage.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(memberPage.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(() => canvas.evaluate((element) => (element as HTMLCanvasElement).toDataURL()))
    .not.toBe(light);

  // A range of the member's choosing, back to the compared day.
  await memberPage.getByLabel('From', { exact: true }).fill(utcDay(-40));
  await memberPage.getByLabel('To', { exact: true }).fill(YESTERDAY);
  await memberPage.getByRole('button', { name: 'Show' }).click();
  await expect(usersChart.getByRole('row', { name: new RegExp(enGbDay(COMPARED)) })).toContainText('4');
  // A start after the end is refused at the field.
  await memberPage.getByLabel('From', { exact: true }).fill(utcDay(-1));
  await memberPage.getByLabel('To', { exact: true }).fill(utcDay(-5));
  await memberPage.getByRole('button', { name: 'Show' }).click();
  await expect(memberPage.getByText('The start date must be on or before the end date.')).toBeVisible();

  // A phone's width: nothing wider than the screen, on either tab.
  await memberPage.setViewportSize({ width: 375, height: 800 });
  await expect(canvas).toBeVisible();
  const overflow = () => memberPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await memberPage.getByRole('tab', { name: 'All time view' }).click();
  await expect(cost).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);

  // chart.js drew everything under the CSP (script-src 'self', style-src 'self'), with no error.
  expect(cspViolations).toEqual([]);
  await theirs.close();
});

test("statistics from day one: a new organisation's data administrator reads today's figures at /datadashboard; without the flag it leads to /", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const owner = await apiOk<Profile>(admin, 'GET', '/api/v1/profile.json');

  // The owner has no flag yet: spec section 2's /datadashboard sends them to /, as /admin/datadashboard does.
  await signInThroughUi(page, account.email, account.password);
  await page.goto('/datadashboard');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { name: 'Statistics' })).toHaveCount(0);

  // With the flag, the organisation registered minutes ago has no daily record: today's figures stand in.
  await apiOk(admin, 'PUT', `/api/v1/users/${owner.id}.json`, { user: { data_administrator: true } });
  await page.goto('/datadashboard');
  await expect(page).toHaveURL(/\/admin\/datadashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  const today = utcDay(0);
  await expect(page.getByText(`Today's figures so far (${enGbDay(today)}).`, { exact: false })).toBeVisible();
  await expect(article(page, 'Accepted users').getByText('1', { exact: true })).toBeVisible();
  await expect(article(page, 'Administrators').getByText('1', { exact: true })).toBeVisible();
  await expect(article(page, 'Pending users').getByText('0', { exact: true })).toBeVisible();
  await expect(article(page, 'Accepted users')).toContainText('No change');

  // The Date range tab charts the same day.
  await page.getByRole('tab', { name: 'Date range' }).click();
  const usersChart = page.getByRole('figure', { name: 'Users' });
  await usersChart.getByText('Show the figures of Users').click();
  await expect(usersChart.getByRole('row', { name: new RegExp(enGbDay(today)) })).toContainText('1');
});
