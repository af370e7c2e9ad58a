import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-database.js';
import { startDraining } from './health.js';

describe('GET /healthz', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers ok once the database answers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ ...context, database: database.handle });
    await database.drop();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    expect(response.headers['retry-after']).toBe('5');
    await app.close();
  });

  it('answers 503 draining once the server is shutting down, while it still serves', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ ...context, database: database.handle });
    await app.ready();
    startDraining(app);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'draining', database: 'ok' });
    // The context's app, another server, is not draining.
    expect((await context.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
    await database.drop();
  });
});
