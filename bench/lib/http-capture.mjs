// Recording one HTTP answer (status, headers, body bytes) and checking that another matches it.
import { request } from 'node:http';
import { isDeepStrictEqual } from 'node:util';

// Set per connection or per answer by Node's HTTP server itself, never by a route.
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** GETs `url` once over node:http and returns { status, headers (lower-case names), body: Buffer }. */
export function captureResponse(url, requestHeaders = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', headers: requestHeaders, timeout: 10_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: { ...response.headers },
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`GET ${url} timed out`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The headers a route chose (content-type, cache-control, security headers, etag…), minus transport ones. */
export function replayableHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

/** Throws unless `actual` has the same status, body bytes and route headers as `expected`. */
export function assertSameResponse(expected, actual) {
  if (expected.status !== actual.status) {
    throw new Error(`ceiling answered ${actual.status}, the real server ${expected.status}`);
  }
  if (!expected.body.equals(actual.body)) {
    throw new Error(
      `ceiling body (${actual.body.length} bytes) differs from the real one (${expected.body.length})`,
    );
  }
  const wanted = replayableHeaders(expected.headers);
  const got = replayableHeaders(actual.headers);
  if (!isDeepStrictEqual(wanted, got)) {
    throw new Error(
      `ceiling headers differ:\n real: ${JSON.stringify(wanted)}\n ceiling: ${JSON.stringify(got)}`,
    );
  }
}
