import { describe, expect, it } from 'vitest';
import { mockFetch } from './mock-fetch.js';

describe('mockFetch', () => {
  it('matches `:name` route parts one segment each, decoded, and an exact route first', async () => {
    const calls = mockFetch({
      'GET /api/v1/secrets/:id.json': (call) => ({ body: { pattern: call.params } }),
      'GET /api/v1/secrets/fixed.json': { body: { exact: true } },
      'POST /api/v1/secret_keys/:id/broken.json': { status: 204 },
    });
    expect(await (await fetch('/api/v1/secrets/a%2Fb.json?x=1')).json()).toEqual({ pattern: { id: 'a/b' } });
    expect(await (await fetch('/api/v1/secrets/fixed.json')).json()).toEqual({ exact: true });
    expect((await fetch('/api/v1/secret_keys/s-1/broken.json', { method: 'POST' })).status).toBe(204);
    // A pattern part never spans a slash, and the method is part of the route.
    expect((await fetch('/api/v1/secrets/s-1/extra.json')).status).toBe(404);
    expect((await fetch('/api/v1/secrets/s-1.json', { method: 'DELETE' })).status).toBe(404);
    expect(calls.map((call) => [call.path, call.params])).toEqual([
      ['/api/v1/secrets/a%2Fb.json?x=1', { id: 'a/b' }],
      ['/api/v1/secrets/fixed.json', {}],
      ['/api/v1/secret_keys/s-1/broken.json', { id: 's-1' }],
      ['/api/v1/secrets/s-1/extra.json', {}],
      ['/api/v1/secrets/s-1.json', {}],
    ]);
  });

  it("records each call's host, so a test can see a request that went elsewhere", async () => {
    const calls = mockFetch();
    await fetch('https://icons.example/favicon.ico');
    await fetch('/api/v1/profile.json');
    expect(calls.map((call) => call.host)).toEqual(['icons.example', 'localhost']);
  });
});
