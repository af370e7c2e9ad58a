import assert from 'node:assert/strict';
import { test } from 'node:test';
import { replayRequests, replaySchedule } from './reshare-replay.mjs';

const request = (path, startMs, endMs, method = 'GET') => ({
  method,
  path,
  headers: {},
  body: null,
  startMs,
  endMs,
});

test('a request waits for every request answered before it started, and only those', () => {
  const schedule = replaySchedule([
    request('/deliver-1', 50, 90, 'POST'),
    request('/count', 0, 10),
    request('/page', 10, 40),
    request('/deliver-2', 60, 120, 'POST'),
    request('/recount', 120, 125),
  ]);
  const paths = schedule.map((entry) => entry.request.path);
  assert.deepEqual(paths, ['/count', '/page', '/deliver-1', '/deliver-2', '/recount']);
  const waitsFor = schedule.map((entry) => entry.after.map((index) => paths[index]));
  assert.deepEqual(waitsFor, [
    [],
    ['/count'],
    ['/count', '/page'],
    ['/count', '/page'],
    ['/count', '/page', '/deliver-1', '/deliver-2'],
  ]);
});

test('the replay keeps the recorded offsets and order, sends the bodies and reads every answer', async () => {
  const sent = [];
  const startedAt = performance.now();
  const fetchImpl = async (url, init) => {
    sent.push({
      url,
      method: init.method,
      body: init.body,
      encoding: init.headers['accept-encoding'],
      at: performance.now() - startedAt,
    });
    // The page answers slowly: the delivery that waited for it in the recording must wait here too.
    await new Promise((resolve) => setTimeout(resolve, url.endsWith('/page') ? 80 : 1));
    return { status: 200, arrayBuffer: async () => new ArrayBuffer(0) };
  };
  const outcome = await replayRequests(
    'http://127.0.0.1:1',
    [
      request('/page', 0, 5),
      { ...request('/deliver', 30, 40, 'POST'), body: '{"keys":[]}' },
      request('/late', 60, 61),
    ],
    { fetchImpl },
  );
  assert.deepEqual(
    sent.map((entry) => entry.url),
    ['http://127.0.0.1:1/page', 'http://127.0.0.1:1/deliver', 'http://127.0.0.1:1/late'],
  );
  assert.equal(sent[1].body, '{"keys":[]}');
  assert.equal(sent[0].encoding, 'gzip, deflate, br');
  assert.ok(sent[1].at >= 78, `the delivery waited for the page's answer (${sent[1].at} ms)`);
  assert.ok(sent[2].at >= sent[1].at, 'then the rest, in order');
  assert.deepEqual(outcome, { ms: outcome.ms, statuses: [200], count: 3 });
});
