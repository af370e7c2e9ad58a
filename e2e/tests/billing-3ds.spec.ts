import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { StripeStandIn } from '../../packages/server/src/test/stripe-stand-in/stripe-stand-in.js';
import { startSeededStripeStandIn } from '../../packages/server/src/test/stripe-stand-in/stripe-test-setup.js';
import { signInThroughUi } from '../support/accounts-ui.js';
import { newOrganisationThroughApi } from '../support/admin-setup.js';
import { apiOk } from '../support/api-session.js';
import type { BillingServer } from '../support/billing-server.js';
import { startProviderServer } from '../support/billing-server.js';
import { notice } from '../support/dashboard-ui.js';
import { dataDir } from '../support/data-dir.js';

// Issue 26, 3-D Secure with BILLING=stripe: a card that requires authentication (Stripe's
// 4000 0027 6000 3184) pays for the Team Plan only once the cardholder completes the challenge; a
// failed challenge shows Stripe's message and leaves no plan. The server runs with BILLING=stripe
// against the Stripe stand-in (in this worker), and the page gets the stand-in's Stripe.js double
// for https://js.stripe.com (its challenge is a dialog with Complete / Fail authentication).

const AUTHENTICATION_CARD = '4000002760003184';
const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
// Apart from the journeys' server (E2E_PORT) and the local billing one (E2E_PORT + 1000).
const port = Number(process.env.E2E_PORT ?? 8181) + 1100;
const baseURL = `http://127.0.0.1:${port}`;

test.describe('3-D Secure with BILLING=stripe', () => {
  test.use({ baseURL, bypassCSP: true });
  let standIn: StripeStandIn | undefined;
  let server: BillingServer | undefined;
  let stripeJs = '';

  test.beforeAll(async () => {
    standIn = await startSeededStripeStandIn();
    stripeJs = await (await fetch(`${standIn.url}/stripe.js`)).text();
    server = await startProviderServer({
      port,
      dataDir: path.join(dataDir, 'billing-stripe'),
      billing: 'stripe',
      env: {
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
        STRIPE_API_BASE: standIn.url,
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  // Signs a new organisation's owner in, with the Stripe.js double in place of Stripe's script, and
  // fills the Team Plan's payment form with the card that requires authentication.
  async function payWithChallengedCard(
    page: Page,
    testInfo: Parameters<typeof newOrganisationThroughApi>[1],
  ) {
    const { account, admin } = await newOrganisationThroughApi(page.request, testInfo);
    await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: stripeJs }),
    );
    await signInThroughUi(page, account.email, account.password);
    await page.goto('/plans');
    await page.getByRole('button', { name: 'Choose Team Plan' }).click();
    const payment = page.getByRole('form', { name: 'Payment Details' });
    await payment.getByLabel('Full Name').fill('Ada Owner');
    await payment.getByLabel('Address Line 1').fill('1 Main Street');
    await payment.getByLabel('City').fill('London');
    await payment.getByLabel('Country').selectOption('GB');
    await payment.getByLabel('Card number').fill(AUTHENTICATION_CARD);
    await payment.getByLabel('Expiration date').fill('04 / 30');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: 'Subscribe' }).click();
    const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
    await expect(challenge).toBeVisible({ timeout: 20_000 });
    return { admin, payment, challenge };
  }

  test('a card that requires authentication pays once the challenge is completed', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { admin, challenge } = await payWithChallengedCard(page, testInfo);
    // Waiting for the cardholder: not the Team Plan yet.
    const waiting = await apiOk(admin, 'GET', '/api/v1/billing_api/subscriptions');
    expect(waiting).toMatchObject({ status: 'incomplete' });

    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(notice(page, 'Billing information has been successfully updated')).toBeVisible({
      timeout: 20_000,
    });
    const paid = await apiOk(admin, 'GET', '/api/v1/billing_api/subscriptions');
    expect(paid).toMatchObject({ status: 'active', plan: { nickname: 'CofferPaid' } });
    const cards = await apiOk(admin, 'GET', '/api/v1/billing_api/customers/payment_method');
    expect(cards).toMatchObject({ data: [{ card: { last4: '3184' } }] });
  });

  test("a failed authentication shows Stripe's message and leaves no plan and no card", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { admin, payment, challenge } = await payWithChallengedCard(page, testInfo);
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(payment.getByText(AUTH_FAILED)).toBeVisible({ timeout: 20_000 });
    await expect(payment.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    const none = await apiOk(admin, 'GET', '/api/v1/billing_api/subscriptions');
    expect(none).toBe('No Subscription');
    const cards = await apiOk(admin, 'GET', '/api/v1/billing_api/customers/payment_method');
    expect(cards).toMatchObject({ data: [] });
  });
});
