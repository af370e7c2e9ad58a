import type { User } from '@coffer/core';
import { DEFAULT_KDF_ITERATIONS, deriveAccountKeys, generateUserKeyPair, sealPrivateKey } from '@coffer/core';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { strongPassword, uniqueEmail } from './accounts.js';
import { confirmThroughMail, signInThroughUi } from './accounts-ui.js';
import type { ApiSession } from './api-session.js';
import { apiOk, apiSignIn, finishWelcome } from './api-session.js';
import { notice } from './dashboard-ui.js';
import { recordSensitive } from './sensitive-values.js';

/** A user an administrator added, with the generated password they first sign in with. */
export interface Member {
  id: string;
  name: string;
  email: string;
  password: string;
}

/**
 * Adds a user as the administrator's browser would (POST /api/v1/users, api.md): a generated
 * password, keys made with core's crypto (here in Node), membership of the given teams.
 */
export async function createMemberThroughApi(
  admin: ApiSession,
  testInfo: TestInfo,
  label: string,
  teamIds: string[],
): Promise<Member> {
  const email = uniqueEmail(testInfo, label);
  const password = strongPassword();
  const keys = await deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS });
  const pair = await generateUserKeyPair();
  const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, DEFAULT_KDF_ITERATIONS);
  const name = `Member ${label}`;
  const user = await apiOk<User>(admin, 'POST', '/api/v1/users.json', {
    user: {
      name,
      email,
      password: keys.authHash,
      public_key: pair.publicKey,
      ...sealed,
      kdf_iterations: DEFAULT_KDF_ITERATIONS,
      team_ids: teamIds,
    },
  });
  await recordSensitive(
    { kind: 'password', value: password },
    { kind: 'auth hash', value: keys.authHash },
    { kind: 'encrypted private key', value: sealed.encrypted_private_key },
  );
  return { id: user.id, name, email, password };
}

/**
 * The member's first visit in their own browser: the confirmation link, sign-in with the generated
 * password, then the personal password that / insists on. The welcome flow is marked done through
 * the API first, so that / is the dashboard afterwards. Answers the member's own password.
 */
export async function onboardMember(page: Page, member: Member): Promise<string> {
  await confirmThroughMail(page, member.email);
  await finishWelcome(await apiSignIn(page.request, member));
  await signInThroughUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile\/personal_password$/);
  const personal = strongPassword();
  const form = page.getByRole('form', { name: 'Personal password' });
  await form.getByLabel('Current Password (the one you signed in with)').fill(member.password);
  await form.getByLabel('New Password', { exact: true }).fill(personal);
  await form.getByLabel('Confirm New Password').fill(personal);
  await form.getByRole('button', { name: 'Set Password' }).click();
  await expect(notice(page, 'Your personal password has been set.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await recordSensitive({ kind: 'password', value: personal });
  return personal;
}
