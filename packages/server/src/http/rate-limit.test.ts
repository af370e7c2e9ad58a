import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';

describe('rate limits', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
    context.app.post(
      '/users/test/limited',
      { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } },
      async () => ({ ok: true }),
    );
    context.app.post('/users/test/unlimited', async () => ({ ok: true }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('applies only to routes that ask, answering 429 in the errors shape', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push(
        (await context.app.inject({ method: 'POST', url: '/users/test/limited.json' })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await context.app.inject({ method: 'POST', url: '/users/test/limited' });
    expect(refused.json()).toEqual({ errors: ['Too many attempts. Please try again in 1 minute.'] });
    expect(refused.headers['retry-after']).toBeDefined();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await context.app.inject({ method: 'POST', url: '/users/test/unlimited' })).statusCode).toBe(
        200,
      );
    }
  });
});
