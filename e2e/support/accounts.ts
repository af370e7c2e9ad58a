import { randomBytes } from 'node:crypto';
import { DEFAULT_KDF_ITERATIONS, deriveAccountKeys, generateUserKeyPair, sealPrivateKey } from '@coffer/core';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { findLink, waitForMail } from './outbox.js';
import { recordSensitive } from './sensitive-values.js';

/** Who registers: an organisation and its first administrator. */
export interface Account {
  company: string;
  name: string;
  email: string;
  password: string;
}

/** A unique e-mail for this test (title slug, label, time, randomness), so tests share nothing. */
export function uniqueEmail(testInfo: TestInfo, label = 'user'): string {
  const slug = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 30);
  return `${slug}-${label}-${Date.now()}-${randomBytes(3).toString('hex')}@example.test`;
}

/** A strong unique password (zxcvbn rates it well above the minimum). */
export function strongPassword(): string {
  return `Coffer-${randomBytes(6).toString('hex')}-Horse-Battery!`;
}

/** A fresh account with unique e-mail and company. */
export function newAccount(testInfo: TestInfo, label = 'admin'): Account {
  const email = uniqueEmail(testInfo, label);
  const tag = email.split('@')[0]?.slice(-6) ?? 'x';
  return { company: `Company ${tag}`, name: `Ada ${label} ${tag}`, email, password: strongPassword() };
}

/** The confirmation link of the newest mail to `email`, as a path (`/login?confirmation_token=…`). */
export async function confirmationPath(email: string): Promise<string> {
  return findLink(await waitForMail(email), /\/login\?confirmation_token=/);
}

/**
 * Registers an organisation through the real endpoints (keys made by core's crypto in Node, as the
 * browser does) and confirms it through the e-mail's token. For journeys where registering is not
 * what is being tested. `confirmationOf` finds the mailed link (the outbox by default; a server with
 * SMTP_URL mails elsewhere).
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: Account,
  confirmationOf: (email: string) => Promise<string> = confirmationPath,
): Promise<void> {
  const keys = await deriveAccountKeys({
    email: account.email,
    password: account.password,
    iterations: DEFAULT_KDF_ITERATIONS,
  });
  const pair = await generateUserKeyPair();
  const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, DEFAULT_KDF_ITERATIONS);
  const answer = await request.post('/users', {
    data: {
      user: {
        email: account.email,
        name: account.name,
        password: keys.authHash,
        public_key: pair.publicKey,
        ...sealed,
        kdf_iterations: DEFAULT_KDF_ITERATIONS,
        owned_organisation_attributes: { name: account.company },
        termsOfService: true,
      },
    },
  });
  expect(answer.status(), `registration: ${await answer.text()}`).toBe(201);
  await recordSensitive(
    { kind: 'password', value: account.password },
    { kind: 'auth hash', value: keys.authHash },
    { kind: 'encrypted private key', value: sealed.encrypted_private_key },
  );
  const link = new URL(await confirmationOf(account.email), 'http://x');
  const confirmed = await request.get(`/users/confirmation.json${link.search}`);
  expect(confirmed.status(), 'confirmation').toBe(200);
}
