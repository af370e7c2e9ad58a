import path from 'node:path';
import { expect, test } from '@playwright/test';
import { decodedBody, type SmtpSink, startSmtpSink } from '../../packages/server/src/test/smtp-sink.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { addUserThroughUi } from '../support/admin-users-ui.js';
import { apiOk } from '../support/api-session.js';
import type { BillingServer } from '../support/billing-server.js';
import { startProviderServer } from '../support/billing-server.js';
import { notice } from '../support/dashboard-ui.js';
import { dataDir } from '../support/data-dir.js';

// Issue 26, mail that fails loudly: a server whose SMTP relay (a sink in this worker) refuses mail.
// Adding a user keeps the user and says 'Could not send email successfully.'; once the relay accepts
// again, 'Resend email' mails the confirmation link.

// Apart from the journeys' server (E2E_PORT) and the other second servers (+1000, +1100, +1300).
const port = Number(process.env.E2E_PORT ?? 8181) + 1200;
const CONFIRMATION_LINK = /\/login\?confirmation_token=[\w-]+/;

test.describe('mail that fails loudly', () => {
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  let sink: SmtpSink | undefined;
  let server: BillingServer | undefined;

  test.beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startProviderServer({
      port,
      dataDir: path.join(dataDir, 'mail-failures'),
      billing: 'off',
      env: { SMTP_URL: sink.url },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  // The confirmation link of the newest message the relay took for `email`, as a path.
  const mailedLink = (email: string) => {
    const mail = (sink?.received ?? []).filter((raw) => raw.includes(`To: ${email}`)).at(-1);
    return mail ? CONFIRMATION_LINK.exec(decodedBody(mail))?.[0] : undefined;
  };

  test('adding a user while the relay refuses keeps the user, says so, and resends once it accepts', async ({
    page,
  }, testInfo) => {
    const { account, admin } = await newOrganisationThroughApi(page.request, testInfo, async (email) => {
      const link = mailedLink(email);
      if (!link) throw new Error(`no confirmation mail to ${email}`);
      return link;
    });
    await signInThroughUi(page, account.email, account.password);

    const email = `hank-${Date.now()}@example.test`;
    sink?.refuse(true);
    await addUserThroughUi(page, 'Hank Refused', email);
    await expect(page.getByRole('alert')).toHaveText('Could not send email successfully.');
    expect(mailedLink(email)).toBeUndefined();
    const users = await apiOk<{ items: { email: string; confirmed_at: string | null }[] }>(
      admin,
      'GET',
      `/api/v1/users.json?filter=${encodeURIComponent(email)}`,
    );
    expect(users.items).toEqual([expect.objectContaining({ email, confirmed_at: null })]);

    sink?.refuse(false);
    await page.getByRole('button', { name: 'Resend email' }).click();
    await expect(notice(page, `A new confirmation email has been sent to ${email}.`)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(mailedLink(email)).toMatch(CONFIRMATION_LINK);
  });
});
