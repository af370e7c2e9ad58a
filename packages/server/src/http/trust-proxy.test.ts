import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';

// Per-address limits are only as good as the address: a client that may name itself in
// X-Forwarded-For gets a fresh budget with every request (malicious-server review, L1).
// Injected requests come from 127.0.0.1, as from a proxy on the same machine.
describe('TRUST_PROXY', () => {
  let context: TestContext | undefined;

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function addressesSeen(trustProxy: string, forwardedFor: readonly string[]): Promise<string[]> {
    context = await createTestContext({ env: { TRUST_PROXY: trustProxy } });
    context.app.get('/users/test/address', async (request) => ({ ip: request.ip }));
    const seen: string[] = [];
    for (const header of forwardedFor) {
      const answer = await context.app.inject({
        method: 'GET',
        url: '/users/test/address',
        headers: { 'x-forwarded-for': header },
      });
      seen.push(answer.json().ip);
    }
    return seen;
  }

  it('behind a proxy on this machine, takes the address the proxy added, whatever the client wrote before it', async () => {
    const seen = await addressesSeen('loopback', ['6.6.6.1, 203.0.113.7', '6.6.6.2, 203.0.113.7']);
    expect(seen).toEqual(['203.0.113.7', '203.0.113.7']);
  });

  it('behind a chain of listed proxies, takes the first address no listed proxy stands for', async () => {
    const seen = await addressesSeen('127.0.0.1, 10.0.0.0/8', [
      '6.6.6.1, 203.0.113.7, 10.0.0.2',
      '203.0.113.9, 6.6.6.6',
    ]);
    expect(seen).toEqual(['203.0.113.7', '6.6.6.6']);
  });

  it('a request that does not come from a listed proxy is its own address, whatever it forwards', async () => {
    const seen = await addressesSeen('10.0.0.1', ['6.6.6.1']);
    expect(seen).toEqual(['127.0.0.1']);
  });

  it('off by default: the header is ignored', async () => {
    const seen = await addressesSeen('false', ['6.6.6.1']);
    expect(seen).toEqual(['127.0.0.1']);
  });
});
