import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { MISSING_WEB_APP_TEXT } from './web-app.js';

const INDEX_HTML = '<!doctype html><title>Coffer test</title>';

describe('web app serving', () => {
  let context: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'coffer-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    context = await createTestContext({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await context.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / and for any client route, never cached', async () => {
    for (const url of ['/', '/login?confirmation_token=abc', '/admin/chests/show', '/welcome/tutorial']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
