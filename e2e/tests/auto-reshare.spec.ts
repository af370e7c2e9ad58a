import {
  endorseKeyRotation,
  fingerprintWords,
  generateUserKeyPair,
  importSigningKey,
  publicKeyFingerprint,
  type UserRow,
  unwrapSecretKey,
} from '@coffer/core';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { uniqueEmail } from '../support/accounts.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { addUserThroughUi } from '../support/admin-users-ui.js';
import { apiOk, apiSignIn } from '../support/api-session.js';
import { dashboardList, notice, rowButton, secretViewer } from '../support/dashboard-ui.js';
import { databasePath } from '../support/data-dir.js';
import { onboardMember } from '../support/member-setup.js';
import { countWrappedKeys, plantAccountInTeam, wrappedKeysOf } from '../support/planted-account.js';
import {
  createChestThroughApi,
  createSecretsThroughApi,
  createSecretThroughApi,
  createTeamThroughApi,
  openSecretThroughApi,
} from '../support/secrets-api.js';

// Issue 10: missing keys reshared by themselves, but only for keys the administrator's browser
// trusts by an explicit act; anyone else waits in a list that names them for confirmation.

const peopleToConfirm = (page: Page) => page.getByRole('region', { name: 'People to confirm' });

/**
 * The people-to-confirm panel ends where the screen (main) begins, on a window taller than the page:
 * the spare height goes below the screen, never between the panel and the screen.
 */
async function expectRightAboveTheScreen(page: Page, panel: Locator): Promise<void> {
  const usual = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 1600 });
  try {
    const [box, screen] = await Promise.all([panel.boundingBox(), page.getByRole('main').boundingBox()]);
    if (!box || !screen) throw new Error('the panel or the screen is not laid out');
    expect(screen.y - (box.y + box.height)).toBeLessThan(8);
  } finally {
    if (usual) await page.setViewportSize(usual);
  }
}

/**
 * A dishonest server dresses its planted account up as a key rotation: an endorsement by another key
 * of its own, written beside the planted key. No browser trusted that other key, so it proves nothing.
 */
async function forgeEndorsement(userId: string, publicKey: string): Promise<void> {
  const forger = await generateUserKeyPair();
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', forger.privateKey);
  const signingKey = await importSigningKey(pkcs8);
  const signature = await endorseKeyRotation(signingKey, { userId, publicKey });
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE users SET key_endorsement = ?, endorsing_public_key = ? WHERE id = ?').run(
      signature,
      forger.publicKey,
      userId,
    );
  } finally {
    db.close();
  }
}

/** The trust record the signed-in administrator's browser holds for a colleague (IndexedDB 'coffer-keys'). */
function trustRecordIn(page: Page, ownerId: string, userId: string) {
  return page.evaluate(
    ([id]) =>
      new Promise<{ fingerprint: string; origin: string } | undefined>((resolve, reject) => {
        const opening = indexedDB.open('coffer-keys');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const request = opening.result
            .transaction('trust', 'readonly')
            .objectStore('trust')
            .get(id as string);
          request.onsuccess = () => {
            opening.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [`${ownerId}:${userId}`],
  );
}

test('an account that browser has never seen, planted straight into a team through the database, gets no key until the administrator confirms it by name and fingerprint', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const team = await createTeamThroughApi(admin, 'Night desk');
  const chest = await createChestThroughApi(admin, 'Night safe', [{ team_id: team.id, edit_access: false }]);
  for (const name of ['Vault door', 'Alarm panel', 'Server room'])
    await createSecretThroughApi(admin, {
      vaultId: chest.id,
      name,
      category: 'note',
      payload: { note: name },
    });

  // A dishonest server (or whoever holds its database) adds an account of its own to the team.
  const pair = await generateUserKeyPair();
  const planted = plantAccountInTeam(account.email, team.id, {
    name: 'Mallory Planted',
    email: uniqueEmail(testInfo, 'planted'),
    publicKey: pair.publicKey,
  });
  const fingerprint = await publicKeyFingerprint(pair.publicKey);
  // It even claims a key rotation, endorsed by another key of its own: no browser trusted that one.
  await forgeEndorsement(planted.id, pair.publicKey);

  // The administrator signs in: the background run finds three missing keys and wraps none of them.
  await signInThroughUi(page, account.email, account.password);
  const list = peopleToConfirm(page);
  const entry = list.getByRole('listitem').filter({ hasText: 'Mallory Planted' });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await expect(entry.getByText(planted.email)).toBeVisible();
  // The fingerprint as words, to read aloud, and as hex.
  await expect(entry.getByTestId('fingerprint-hex')).toHaveText(fingerprint);
  await expect(entry.getByTestId('fingerprint-words')).toHaveText(fingerprintWords(fingerprint).join(' '));
  await expect(entry.getByText('3 keys waiting')).toBeVisible();
  // Issue 26: the panel sits right above the screen, on the dashboard and above the admin tabs.
  await expectRightAboveTheScreen(page, list);
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByPlaceholder('Search for a chest')).toBeVisible();
  await expectRightAboveTheScreen(page, list);
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  expect(countWrappedKeys(planted.id)).toBe(0);
  const missing = await apiOk<{ keyshare: { user_id: string }[] }>(
    admin,
    'GET',
    '/api/v1/secret_keys/reshare_all.json',
  );
  expect(missing.keyshare.filter((pair) => pair.user_id === planted.id)).toHaveLength(3);

  // The manual button confirms nobody either: it names the account and asks; Cancel shares nothing.
  await expect(
    page.getByText('3 secret keys are missing for colleagues who were given access.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Reshare Missing Keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm people before sharing' });
  await expect(dialog.getByText('Mallory Planted', { exact: true })).toBeVisible();
  await expect(dialog.getByText(fingerprint)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    notice(page, '1 person waits for your confirmation before getting 3 missing keys.'),
  ).toBeVisible();
  expect(countWrappedKeys(planted.id)).toBe(0);

  // Confirmed once, by name and fingerprint, in the list: the keys follow without another click.
  await entry.getByRole('button', { name: 'Confirm Mallory Planted' }).click();
  await expect.poll(() => countWrappedKeys(planted.id), { timeout: 20_000 }).toBe(3);
  await expect(list).toBeHidden();
  for (const key of wrappedKeysOf(planted.id)) {
    await expect(
      unwrapSecretKey(key.encrypted_value, pair.privateKey, { secretId: key.secret_id, userId: planted.id }),
    ).resolves.toHaveLength(32);
  }
});

test('a member whom an administrator added (that browser made and pinned the member’s key) and then put in a team with many secrets reads them all without anyone pressing a button while that administrator is signed in elsewhere', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const MANY = 600;
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const crew = await createTeamThroughApi(admin, 'Crew');
  const crewChest = await createChestThroughApi(admin, 'Crew kit', [
    { team_id: crew.id, edit_access: false },
  ]);
  await createSecretThroughApi(admin, {
    vaultId: crewChest.id,
    name: 'Crew door',
    category: 'note',
    payload: { note: 'Crew door: 1357' },
  });
  const archive = await createTeamThroughApi(admin, 'Archive');
  const archiveChest = await createChestThroughApi(admin, 'Archive kit', [
    { team_id: archive.id, edit_access: false },
  ]);
  const names = Array.from({ length: MANY }, (_, index) => `Archive ${String(index + 1).padStart(3, '0')}`);
  await createSecretsThroughApi(
    admin,
    archiveChest.id,
    names.map((name) => ({ name, category: 'note' as const, payload: { note: `${name}: kept safe` } })),
  );

  // The administrator adds a colleague in their browser, which makes the key pair and trusts it.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await signInThroughUi(page, account.email, account.password);
  const name = 'Archivist Member';
  const email = uniqueEmail(testInfo, 'archivist');
  const generated = await addUserThroughUi(page, name, email);
  await page.getByRole('button', { name: 'Back to Teams' }).click();
  const listed = await apiOk<{ items: UserRow[] }>(
    admin,
    'GET',
    `/api/v1/users.json?filter=${encodeURIComponent(email)}`,
  );
  const member = { id: listed.items[0]?.id ?? '', name, email, password: generated };
  expect(member.id).not.toBe('');
  expect(await trustRecordIn(page, admin.profile.id, member.id)).toMatchObject({ origin: 'created' });
  await apiOk(admin, 'PUT', `/api/v1/teams/${crew.id}.json`, {
    team: { memberships_attributes: [{ user_id: member.id }] },
  });
  // The made key gets the crew's secret on its own (the browser trusts what it made)...
  await expect.poll(() => countWrappedKeys(member.id), { timeout: 60_000 }).toBe(1);

  const theirs = await browser.newContext();
  try {
    // ...then the member sets a personal password in their own browser: a fresh key pair, whose
    // public key the old private key endorses. The server drops the keys wrapped for the old one.
    const memberPage = await theirs.newPage();
    const personal = await onboardMember(memberPage, member);
    const session = await apiSignIn(request, { email: member.email, password: personal });
    const endorsement = await apiOk<{ endorsing_public_key: string | null; key_endorsement: string | null }>(
      session,
      'GET',
      `/api/v1/users/${member.id}/key_endorsement.json`,
    );
    expect(endorsement.key_endorsement).not.toBeNull();

    // The administrator's browser, signed in elsewhere, checks the endorsement against the key it
    // made and shares with the new key: nobody confirms anyone, nobody is even listed.
    await expect
      .poll(() => wrappedKeysOf(member.id).map((key) => key.secret_id), {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toHaveLength(1);
    expect(await trustRecordIn(page, admin.profile.id, member.id)).toEqual(
      expect.objectContaining({
        origin: 'endorsed',
        fingerprint: await publicKeyFingerprint(session.profile.public_key),
      }),
    );
    await expect(peopleToConfirm(page).getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

    // Then the member joins the archive: nobody presses anything, the administrator's browser shares.
    await apiOk(admin, 'PUT', `/api/v1/teams/${archive.id}.json`, {
      team: { memberships_attributes: [{ user_id: member.id }] },
    });
    const joined = Date.now();
    await expect
      .poll(() => countWrappedKeys(member.id), { timeout: 120_000, intervals: [1_000] })
      .toBe(MANY + 1);
    const waited = Date.now() - joined;
    testInfo.annotations.push({
      type: 'keys delivered',
      description: `${MANY} keys ${waited} ms after joining`,
    });
    console.log(`auto-reshare: ${MANY} keys delivered ${waited} ms after the member joined`);
    // Web Workers did the rewrapping (the browser allows them, and the CSP lets them load).
    expect(workers.some((url) => url.includes('rewrap-worker'))).toBe(true);

    // Every secret opens with the member's own private key...
    const keys = wrappedKeysOf(member.id);
    expect(keys).toHaveLength(MANY + 1);
    const notes: string[] = [];
    for (let start = 0; start < keys.length; start += 25) {
      const opened = await Promise.all(
        keys.slice(start, start + 25).map((key) => openSecretThroughApi(session, key.secret_id)),
      );
      notes.push(...opened.map((secret) => String(secret.payload.note)));
    }
    expect(notes.filter((note) => /^Archive \d{3}: kept safe$/.test(note))).toHaveLength(MANY);
    expect(notes).toContain('Crew door: 1357');

    // ...and in their browser.
    await memberPage.reload();
    await memberPage.getByRole('searchbox', { name: 'Search' }).fill('Archive 457');
    const secrets = dashboardList(memberPage, 'Secrets');
    await rowButton(secrets, 'Archive 457').click();
    await expect(secretViewer(memberPage, 'Archive 457').getByText('Archive 457: kept safe')).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await theirs.close();
  }
});
