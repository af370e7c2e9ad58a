import { generateUserKeyPair, publicKeyFingerprint } from '@coffer/core';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi } from '../support/accounts.js';
import { signInThroughUi, submitLogin } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { openUserPage, readFingerprint } from '../support/admin-users-ui.js';
import { apiCall } from '../support/api-session.js';
import { lie } from '../support/evil-proxy.js';
import { createMemberThroughApi, onboardMember } from '../support/member-setup.js';
import { findEveryoneTeam } from '../support/secrets-api.js';
import { startTrustLogThroughApi } from '../support/trust-log.js';

// Issue 25: the real server answers, and routes in the browser rewrite its answers as a hostile
// server would (support/evil-proxy.ts). Each case names its class of the malicious-server review.

const ALARM_TITLE = 'The server lists a key that is not yours';
const TRUST_LOG_ALARM_TITLE = 'The server’s record of who may read cannot be trusted';
const WEAK_KDF_MESSAGE =
  'The server asked for a weaker password protection than Coffer accepts, so nothing was sent. Please contact your administrator.';

/** The blocking alarm that takes the place of every screen when the listed own key is not the user's. */
const ownKeyAlarm = (page: Page) => page.getByRole('alert').filter({ hasText: ALARM_TITLE });

test("R18: a consistent lie about Bob's key, told to Bob and to the administrator, no longer gives them matching fingerprints to compare", async ({
  browser,
  request,
}, testInfo) => {
  // Two people, two browsers, a key pair made in Bob's: on a busy two-core machine this takes minutes.
  test.setTimeout(240_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  const bob = await createMemberThroughApi(admin, testInfo, 'bob', [everyone.id]);
  // The attacker's key pair, made here: the server would like Bob's colleagues to wrap for it.
  const attacker = await generateUserKeyPair();
  const attackerFingerprint = await publicKeyFingerprint(attacker.publicKey);

  const adminContext = await browser.newContext();
  const bobContext = await browser.newContext();
  try {
    // Bob sets his personal password in his own browser: his own key pair, unlocked there. Told the
    // truth, his Account Settings show its fingerprint.
    const bobPage = await bobContext.newPage();
    const bobsPassword = await onboardMember(bobPage, bob);
    await bobPage.goto('/profile');
    const bobsFingerprint = await readFingerprint(bobPage);
    expect(bobsFingerprint).not.toBe(attackerFingerprint);

    // The same lie to both people: the attacker's key is Bob's, on the administrator's user page...
    const toAdmin = await lie(adminContext, {
      'GET /api/v1/users/*': (user) =>
        user.id === bob.id ? { ...user, public_key: attacker.publicKey } : user,
    });
    const adminPage = await adminContext.newPage();
    await signInThroughUi(adminPage, account.email, account.password);
    await openUserPage(adminPage, bob.name);
    expect(await readFingerprint(adminPage)).toBe(attackerFingerprint);
    expect(toAdmin.told('GET /api/v1/users/*')).toBeGreaterThan(0);

    // ...and in Bob's own profile, from the sign-in answer on. Before issue 25, Bob's Account Settings
    // showed the attacker's fingerprint too: the phone comparison matched and the administrator
    // confirmed the attacker. Now Bob's browser proves the listed key against his private key.
    const asBobsKey = (profile: { public_key: string }) => ({ ...profile, public_key: attacker.publicKey });
    const toBob = await lie(bobContext, {
      'GET /api/v1/profile': asBobsKey,
      'POST /users/sign_in': asBobsKey,
    });
    await bobPage.goto('/profile');
    await expect(ownKeyAlarm(bobPage)).toBeVisible();
    await expect(bobPage.getByRole('heading', { name: 'Account Settings' })).toHaveCount(0);
    await expect(bobPage.getByTestId('key-fingerprint')).toHaveCount(0);
    await expect(bobPage.getByText(attackerFingerprint)).toHaveCount(0);
    expect(toBob.told('GET /api/v1/profile')).toBeGreaterThan(0);

    // Every unlock checks: logging out from the alarm and in again, under the same lie, meets it again.
    await ownKeyAlarm(bobPage).getByRole('button', { name: 'Log out' }).click();
    await expect(bobPage).toHaveURL(/\/login$/);
    await signInThroughUi(bobPage, bob.email, bobsPassword);
    await expect(ownKeyAlarm(bobPage)).toBeVisible();
    expect(toBob.told('POST /users/sign_in')).toBe(1);

    // Told the truth again, Bob reads his own fingerprint, which is not the one the administrator sees.
    await toBob.stop();
    await bobPage.goto('/profile');
    expect(await readFingerprint(bobPage)).toBe(bobsFingerprint);
    await expect(ownKeyAlarm(bobPage)).toHaveCount(0);
  } finally {
    await adminContext.close();
    await bobContext.close();
  }
});

test('R1: a prelogin answering 100,000 iterations is refused and nothing derived from the password is sent', async ({
  page,
  request,
}, testInfo) => {
  const account = newAccount(testInfo);
  await registerThroughApi(request, account);
  const told = await lie(page, {
    'POST /api/v1/prelogin': (answer) => ({ ...answer, kdf_iterations: 100_000 }),
  });
  const signIns: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/users/sign_in') || sent.url().includes('two-factor-check'))
      signIns.push(sent.url());
  });

  await page.goto('/login');
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText(WEAK_KDF_MESSAGE)).toBeVisible();
  expect(told.told('POST /api/v1/prelogin')).toBe(1);
  expect(signIns).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);

  // The real server's own figure signs in as ever.
  await told.stop();
  await signInThroughUi(page, account.email, account.password);
});

test('trust log: a log rolled back to nothing after this browser verified its genesis takes the place of every screen with the alarm', async ({
  page,
  request,
}, testInfo) => {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  await startTrustLogThroughApi(admin, account.company);

  // Told the truth, the browser verifies the log (genesis and snapshot) at sign-in and signs its
  // checkpoint for the server.
  await signInThroughUi(page, account.email, account.password);
  await expect
    .poll(
      async () =>
        (await apiCall<{ seq: number | null }>(admin, 'GET', '/api/v1/trust_log/checkpoint.json')).json.seq,
    )
    .toBe(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The server now answers as if the organisation had no log: the next page load refuses it.
  const rollback = await lie(page, { 'GET /api/v1/trust_log': () => ({ items: [], head: null }) });
  await page.reload();
  const alarm = page.getByRole('alert').filter({ hasText: TRUST_LOG_ALARM_TITLE });
  await expect(alarm).toBeVisible();
  await expect(alarm).toContainText('older than the one this browser has already verified (up to entry 1)');
  expect(rollback.told('GET /api/v1/trust_log')).toBeGreaterThan(0);
  // The alarm is all the screen holds: the dashboard is gone.
  await expect(page.locator('#main > *')).toHaveCount(1);
});
