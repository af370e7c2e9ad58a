import type { TestPaymentMethodRequest } from '@coffer/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  applyPromotionCode,
  attachPaymentMethod,
  cancelSubscription,
  changeSubscription,
  confirmSubscription,
  createSetupIntent,
  createSubscription,
  createTestPaymentMethod,
  destroyPaymentMethods,
  listInvoices,
  listPaymentMethods,
  listPlans,
  type SubscriptionBody,
  type SubscriptionChangeBody,
  showBillingConfig,
  showCustomer,
  showInvoicePdf,
  showSubscription,
} from '../../services/organisation/billing-service.js';

// Ids and codes are checked by the provider (a foreign or unknown one is a 400 or 404 there);
// these bounds only keep absurd input out.
const PROVIDER_ID = { type: 'string', maxLength: 200 } as const;
const CODE = { type: 'string', maxLength: 100 } as const;
const TEXT = { type: ['string', 'null'], maxLength: 1000 } as const;

const SUBSCRIPTION_BODY = {
  type: ['object', 'null'],
  properties: { stripeId: PROVIDER_ID, coupon: CODE },
} as const;

const SUBSCRIPTION_CHANGE_BODY = {
  type: ['object', 'null'],
  properties: {
    stripeDetails: {
      type: 'object',
      properties: {
        stripeId: PROVIDER_ID,
        quantity: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 10 }] },
      },
    },
  },
} as const;

const CONFIRM_BODY = {
  type: 'object',
  required: ['subscriptionId'],
  properties: { subscriptionId: PROVIDER_ID },
} as const;

const PROMOTION_BODY = {
  type: 'object',
  required: ['promotion_code'],
  properties: { promotion_code: CODE },
} as const;

const PAYMENT_METHOD_BODY = {
  type: 'object',
  required: ['stripeId'],
  properties: { stripeId: PROVIDER_ID },
} as const;

const TEST_PAYMENT_METHOD_BODY = {
  type: 'object',
  required: ['card', 'billing_details'],
  properties: {
    card: {
      type: 'object',
      required: ['number', 'exp_month', 'exp_year', 'cvc'],
      properties: {
        number: { type: 'string', maxLength: 40 },
        exp_month: { type: 'integer' },
        exp_year: { type: 'integer' },
        cvc: { type: 'string', maxLength: 10 },
      },
    },
    billing_details: {
      type: 'object',
      required: ['address'],
      properties: {
        name: TEXT,
        address: {
          type: 'object',
          properties: { line1: TEXT, line2: TEXT, city: TEXT, country: TEXT, postal_code: TEXT },
        },
      },
    },
  },
} as const;

const INVOICE_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100 } },
} as const;

/**
 * Sends a subscription answer as JSON even when it is the text 'No Subscription' (Fastify would
 * send a bare string as text/plain), so the client parses every answer alike.
 */
async function sendSubscription(reply: FastifyReply, answer: Promise<unknown>): Promise<FastifyReply> {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(await answer));
}

/**
 * Billing (spec section 7 "Billing", api.md), in the provider's shapes: administrators only (403
 * for others, as every admin-only call), and 404 under BILLING=off, except the configuration,
 * which every signed-in user reads. Test cards are the local provider's alone.
 */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  const base = '/api/v1/billing_api';

  app.get(`${base}/config`, async (request) => showBillingConfig(request.ctx));
  app.get(`${base}/prices`, async (request) => listPlans(request.ctx, request.caller));

  app.get(`${base}/subscriptions`, async (request, reply) =>
    sendSubscription(reply, showSubscription(request.ctx, request.caller)),
  );
  app.post<{ Body: SubscriptionBody | undefined }>(
    `${base}/subscriptions`,
    { schema: { body: SUBSCRIPTION_BODY } },
    async (request) => createSubscription(request.ctx, request.caller, request.body ?? undefined),
  );
  app.post<{ Body: { subscriptionId: string } }>(
    `${base}/subscriptions/confirm`,
    { schema: { body: CONFIRM_BODY } },
    async (request) => confirmSubscription(request.ctx, request.caller, request.body.subscriptionId),
  );
  app.patch<{ Body: SubscriptionChangeBody | undefined }>(
    `${base}/subscriptions`,
    { schema: { body: SUBSCRIPTION_CHANGE_BODY } },
    async (request, reply) =>
      sendSubscription(reply, changeSubscription(request.ctx, request.caller, request.body ?? undefined)),
  );
  app.delete(`${base}/subscriptions`, async (request, reply) =>
    sendSubscription(reply, cancelSubscription(request.ctx, request.caller)),
  );
  app.post<{ Body: { promotion_code: string } }>(
    `${base}/subscriptions/promotion_update`,
    { schema: { body: PROMOTION_BODY } },
    async (request) => applyPromotionCode(request.ctx, request.caller, request.body.promotion_code),
  );

  app.get(`${base}/customers`, async (request) => showCustomer(request.ctx, request.caller));
  app.get(`${base}/customers/payment_method`, async (request) =>
    listPaymentMethods(request.ctx, request.caller),
  );
  for (const path of ['payment_method', 'update_payment_method']) {
    app.post<{ Body: { stripeId: string } }>(
      `${base}/customers/${path}`,
      { schema: { body: PAYMENT_METHOD_BODY } },
      async (request) => attachPaymentMethod(request.ctx, request.caller, request.body.stripeId),
    );
  }
  app.post(`${base}/customers/setup_intent`, async (request) =>
    createSetupIntent(request.ctx, request.caller),
  );
  app.post(`${base}/customers/destroy_payment_method`, async (request) =>
    destroyPaymentMethods(request.ctx, request.caller),
  );

  app.get(`${base}/invoices`, async (request) => listInvoices(request.ctx, request.caller));
  app.get<{ Params: { id: string } }>(
    `${base}/invoices/:id/pdf`,
    { schema: { params: INVOICE_PARAMS } },
    async (request, reply) => {
      const found = await showInvoicePdf(request.ctx, request.caller, request.params.id);
      if ('url' in found) return reply.redirect(found.url);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="invoice-${request.params.id}.pdf"`)
        .send(Buffer.from(found.pdf));
    },
  );

  app.post<{ Body: TestPaymentMethodRequest }>(
    `${base}/test_payment_methods`,
    { schema: { body: TEST_PAYMENT_METHOD_BODY } },
    async (request) => createTestPaymentMethod(request.ctx, request.caller, request.body),
  );
};
