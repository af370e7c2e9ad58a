import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { type FormObject, parseNestedForm } from '../../http/parse-nested-form.js';
import { StandInError } from './stand-in-errors.js';
import type { StandInEvent } from './stand-in-objects.js';
import { STAND_IN_ROUTES, type StandInRoute } from './stand-in-routes.js';
import { StandInState } from './stand-in-state.js';
import { stripeJsDouble } from './stripe-js-double.js';

/** One request the stand-in received, for tests that assert what the provider did (or did not) call. */
export interface StandInRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey: string | null;
}

/** A running stand-in. */
export interface StripeStandIn {
  /** e.g. http://127.0.0.1:43121, for STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  /** The key Stripe.js (here, the double the stand-in serves at /stripe.js) presents. */
  publishableKey: string;
  state: StandInState;
  requests: StandInRequest[];
  /** A Stripe event around a snapshot of `object`, as Stripe would send it to a webhook endpoint. */
  event<T>(type: string, object: T): StandInEvent<T>;
  /** The `Stripe-Signature` header Stripe would send with this payload (its own algorithm, via the SDK). */
  sign(payload: string, webhookSecret: string, timestamp?: number): string;
  close(): Promise<void>;
}

export interface StripeStandInOptions {
  /** The secret key callers must present (`Authorization: Bearer …`). */
  secretKey?: string;
  /** The publishable key Stripe.js presents (`key` parameter). */
  publishableKey?: string;
}

// The SDK's API version, echoed in events as Stripe does.
const API_VERSION = '2026-10-28.endive';

/**
 * A local stand-in for Stripe's HTTP API, for tests only: a Fastify server on 127.0.0.1 and a random
 * port with the state of one Stripe account in memory. It speaks Stripe's conventions (bearer
 * secret key, form-encoded bodies with bracket notation, list envelopes, error objects and status
 * codes, Idempotency-Key replay) for exactly the calls the Stripe provider makes.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? 'sk_test_stand_in';
  const publishableKey = options.publishableKey ?? 'pk_test_stand_in';
  const app = Fastify({ logger: false });
  let baseUrl = '';
  const state = new StandInState(() => baseUrl);
  const requests: StandInRequest[] = [];
  // Stripe replays the first answer to a repeated Idempotency-Key (for 24 hours; here, for the run).
  const replays = new Map<string, { status: number; body: unknown }>();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const serve = (route: StandInRoute) => async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization ?? '';
    // Stripe.js calls from the browser with the publishable key, only where Stripe lets it.
    const publishable =
      authorization === '' && route.publishable === true && presentsKey(request, publishableKey);
    if (authorization !== `Bearer ${secretKey}` && !publishable) {
      return reply.code(401).send({
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const idempotencyKey = request.method === 'POST' ? headerText(request, 'idempotency-key') : null;
    const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (replay) return reply.code(replay.status).header('idempotent-replayed', 'true').send(replay.body);
    let answer: { status: number; body: unknown };
    try {
      const params = readParams(request);
      requests.push({
        method: request.method,
        path: request.url.split('?')[0] ?? '',
        params,
        idempotencyKey,
      });
      answer = {
        status: 200,
        body: route.handle(state, { params, ids: request.params as Record<string, string>, publishable }),
      };
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      answer = { status: error.status, body: error.body() };
    }
    // Stripe keeps answers of requests that reached it, errors included (not 5xx).
    if (idempotencyKey) replays.set(idempotencyKey, structuredClone(answer));
    return reply.code(answer.status).send(answer.body);
  };

  // The browser (the Stripe.js double, on the app's origin) calls the stand-in across origins.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .send();
    }
  });
  app.get('/stripe.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(stripeJsDouble(baseUrl)),
  );
  for (const route of STAND_IN_ROUTES)
    app.route({ method: route.method, url: route.path, handler: serve(route) });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url}).`,
      },
    }),
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The Stripe stand-in has no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  const signer = new Stripe(secretKey);

  return {
    url: baseUrl,
    secretKey,
    publishableKey,
    state,
    requests,
    event: (type, object) => ({
      id: state.newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: state.clock(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }),
    sign: (payload, webhookSecret, timestamp) =>
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        ...(timestamp === undefined ? {} : { timestamp }),
      }),
    close: () => app.close(),
  };
}

// Stripe.js sends the publishable key as the `key` parameter.
function presentsKey(request: FastifyRequest, publishableKey: string): boolean {
  try {
    return readParams(request).key === publishableKey;
  } catch {
    return false;
  }
}

function headerText(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

// GET and DELETE carry their parameters in the query string, POST in a form body; both in
// Stripe's bracket notation. A malformed one is Stripe's 400.
function readParams(request: FastifyRequest): FormObject {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const body = typeof request.body === 'string' ? request.body : '';
  try {
    return { ...parseNestedForm(query), ...parseNestedForm(body) };
  } catch {
    throw new StandInError(400, 'invalid_request_error', 'Malformed parameters.');
  }
}
