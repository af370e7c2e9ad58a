import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { MISSING_WEB_APP_TEXT } from './web-app.js';

const INDEX_HTML = '<!doctype html><title>Coffer test</title>';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

describe('web app serving', () => {
  let context: TestContext;
  let webDist: string;

  beforeAll(async () => {
    // The app's folder inside one of the test's own, beside a file no request may reach.
    webDist = path.join(await mkdtemp(path.join(tmpdir(), 'coffer-web-')), 'dist');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    await writeFile(path.join(webDist, 'favicon.svg'), FAVICON);
    await writeFile(path.join(webDist, '..', 'secret.txt'), 'outside');
    context = await createTestContext({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await context.close();
    await rm(path.dirname(webDist), { recursive: true, force: true });
  });

  it('serves index.html at / and for any client route, never cached', async () => {
    for (const url of ['/', '/login?confirmation_token=abc', '/admin/chests/show', '/welcome/tutorial']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // HEAD on a client route: index.html's headers, no body (a monitor probing the web app).
    const head = await context.app.inject({ method: 'HEAD', url: '/admin/datadashboard' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(INDEX_HTML)));
    expect(head.body).toBe('');
  });

  it('caches hashed assets for a year', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.body).toBe('console.log(1);');
  });

  it('answers 304 to a browser whose copy is current, and HEAD with the headers alone', async () => {
    const first = await context.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/svg+xml');
    const etag = String(first.headers.etag);
    const again = await context.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await context.app.inject({ method: 'HEAD', url: '/favicon.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(FAVICON.length));
    expect(head.body).toBe('');
  });

  it("serves only the folder's own files, never a path of the request's making", async () => {
    for (const url of [
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '/../package.json',
      '/%2e%2e/secret.txt',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('outside');
      if (response.statusCode === 200) expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('answers unknown API paths with JSON 404, not the web app', async () => {
    for (const url of ['/api/v1/nothing', '/api/v1/nothing.json', '/users/nothing', '/api']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
  });

  it('answers a missing file with 404 rather than index.html', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('does not fall back for other methods', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });
});

describe('without a built web app', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('explains how to build it and keeps the API running', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toBe(MISSING_WEB_APP_TEXT);
    expect(page.body).toContain('npm run build');
    const health = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
