import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startCeilingServer } from './ceiling-server.mjs';
import { assertSameResponse, captureResponse } from './http-capture.mjs';

test('the ceiling answers the recorded status, headers and bytes', async () => {
  const body = Buffer.from('{"status":"ok"}');
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
  };
  const ceiling = await startCeilingServer([{ path: '/healthz', status: 200, headers, body }]);
  try {
    const answer = await captureResponse(`${ceiling.url}/healthz`);
    assertSameResponse(
      { status: 200, headers: { ...headers, date: 'ignored', 'content-length': '15' }, body },
      answer,
    );
    assert.equal(answer.headers['content-length'], '15');
    assert.throws(
      () => assertSameResponse({ status: 200, headers, body: Buffer.from('other') }, answer),
      /body/,
    );
  } finally {
    await ceiling.stop();
  }
});
