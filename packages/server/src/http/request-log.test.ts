import { afterEach, describe, expect, it } from 'vitest';
import { createLogCapture, createTestContext, type TestContext } from '../test/test-app.js';

function completedLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request completed');
}

describe('request log', () => {
  let context: TestContext | undefined;
  afterEach(async () => context?.close());

  it('writes one line per API request with method, path without query, status and time', async () => {
    const capture = createLogCapture();
    context = await createTestContext({ logStream: capture });
    await context.app.inject({
      method: 'POST',
      url: '/api/v1/prelogin?confirmation_token=abc123',
      payload: { email: 'someone@example.test' },
    });
    const lines = completedLines(capture.text());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'POST', url: '/api/v1/prelogin', statusCode: 200 });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(capture.text()).not.toContain('abc123');
  });

  it('keeps health checks out of the info log', async () => {
    const capture = createLogCapture();
    context = await createTestContext({ logStream: capture });
    await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(completedLines(capture.text())).toEqual([]);
  });
});
