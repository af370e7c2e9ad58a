import { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { buildCspDirectives, buildHelmetOptions, createSecurityHeaderWriter } from './security-headers.js';

const EXPECTED_CSP =
  "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self';img-src 'self' data:;connect-src 'self' https://api.pwnedpasswords.com/range/;" +
  "font-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'";

describe('security headers', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('sends a strict CSP and the other headers on every response', async () => {
    for (const url of ['/healthz', '/api/v1/nothing', '/login']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(EXPECTED_CSP);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sends no HSTS when PUBLIC_URL is plain http', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('forbids caching API answers, errors included', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/nothing.json' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    const users = await context.app.inject({ method: 'POST', url: '/users/sign_in.json' });
    expect(users.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers behind https with Stripe', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext({
      env: {
        PUBLIC_URL: 'https://coffer.example',
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
      },
    });
  });
  afterAll(async () => {
    await context.close();
  });

  it('sends HSTS and lets Stripe.js in', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });

  it('keeps third-party origins out unless BILLING=stripe', () => {
    expect(JSON.stringify(buildCspDirectives({ billing: 'local', pwnedRangeUrl: null }))).not.toContain(
      'stripe',
    );
  });

  it('lets the browser reach the breach range API only while HIBP_RANGE_URL is on', () => {
    const on = buildCspDirectives({ billing: 'local', pwnedRangeUrl: 'http://127.0.0.1:9999/range/' });
    expect(on['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9999/range/']);
    const off = buildCspDirectives({ billing: 'local', pwnedRangeUrl: null });
    expect(off['connect-src']).toEqual(["'self'"]);
  });
});

describe('security headers worked out once', () => {
  const helmetFactory = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))(
    'helmet',
  ) as (options: object) => (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  const freshResponse = () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    response.setHeader('X-Powered-By', 'Express');
    return response;
  };

  it.each([
    ['plain http', { PUBLIC_URL: 'http://localhost:8080' }],
    [
      'https with Stripe',
      {
        PUBLIC_URL: 'https://coffer.example',
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
      },
    ],
  ])('sets exactly what helmet sets, %s', (_name, env) => {
    const config = loadConfig({ NODE_ENV: 'test', ...env });
    const byHelmet = freshResponse();
    helmetFactory(buildHelmetOptions(config))(new IncomingMessage(new Socket()), byHelmet, () => {});
    const byWriter = freshResponse();
    createSecurityHeaderWriter(config)(new IncomingMessage(new Socket()), byWriter);
    expect(byWriter.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(byWriter.getHeader('x-powered-by')).toBeUndefined();
    expect(Object.keys(byWriter.getHeaders()).length).toBeGreaterThan(8);
  });
});
