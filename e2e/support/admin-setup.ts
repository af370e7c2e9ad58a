import type { Chest } from '@coffer/core';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { Account } from './accounts.js';
import { newAccount, registerThroughApi } from './accounts.js';
import { signInThroughUi } from './accounts-ui.js';
import type { ApiSession } from './api-session.js';
import { apiSignIn, finishWelcome } from './api-session.js';
import { createChestThroughApi, findEveryoneTeam } from './secrets-api.js';

/** A new organisation's administrator, past the welcome flow, with chests open to everyone for writing. */
export interface AdminSetup {
  account: Account;
  admin: ApiSession;
  chests: Chest[];
}

/**
 * A new organisation registered through the API, its administrator signed in there and past the
 * welcome flow. `confirmationOf`: where the confirmation link is read (registerThroughApi).
 */
export async function newOrganisationThroughApi(
  request: APIRequestContext,
  testInfo: TestInfo,
  confirmationOf?: (email: string) => Promise<string>,
): Promise<{ account: Account; admin: ApiSession }> {
  const account = newAccount(testInfo);
  await registerThroughApi(request, account, confirmationOf);
  const admin = await apiSignIn(request, account);
  await finishWelcome(admin);
  return { account, admin };
}

/** Registers an organisation through the API, makes its chests, then signs the administrator in in `page`. */
export async function adminWithChests(
  page: Page,
  request: APIRequestContext,
  testInfo: TestInfo,
  chestNames: readonly string[],
): Promise<AdminSetup> {
  const { account, admin } = await newOrganisationThroughApi(request, testInfo);
  const everyone = await findEveryoneTeam(admin);
  const chests: Chest[] = [];
  for (const name of chestNames) {
    chests.push(await createChestThroughApi(admin, name, [{ team_id: everyone.id, edit_access: true }]));
  }
  await signInThroughUi(page, account.email, account.password);
  return { account, admin, chests };
}
