import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { percentile, runPacedLoad } from './paced-load.mjs';

test('percentile picks the value at the fraction, to half a millisecond', () => {
  const sorted = Array.from({ length: 100 }, (_, index) => index + 1.2);
  assert.equal(percentile(sorted, 0.5), 50);
  assert.equal(percentile(sorted, 0.99), 99);
  assert.equal(percentile([], 0.99), 0);
});

test('runPacedLoad spreads its requests over the run instead of sending them at once', async () => {
  const arrivals = [];
  const server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    response.writeHead(request.headers['x-fail'] ? 500 : 200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  try {
    const result = await runPacedLoad(url, { rate: 200, durationSeconds: 0.5, connections: 4 });
    assert.equal(result.requests, 100);
    assert.equal(arrivals.length, 100);
    assert.equal(result.non2xx + result.errors, 0);
    // 100 requests due over 0.5 s: the last arrives well after the first (a burst would take a few ms).
    assert.ok(arrivals[99] - arrivals[0] >= 300, `arrivals spanned ${arrivals[99] - arrivals[0]} ms`);
    const failing = await runPacedLoad(url, {
      rate: 100,
      durationSeconds: 0.1,
      connections: 2,
      headers: { 'x-fail': '1' },
    });
    assert.equal(failing.non2xx, 10);
  } finally {
    server.close();
  }
});
