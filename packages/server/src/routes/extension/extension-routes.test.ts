import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXTENSION_NOT_BUILT_MESSAGE } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

// A zip's first bytes and some filler: the route serves whatever file is there, byte for byte.
const ZIP = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4096, 7)]);

describe('the browser extension downloads', () => {
  let context: TestContext;
  let extensionDir: string;

  beforeAll(async () => {
    // Only the Chromium build is there: the Firefox one shows what a missing build answers.
    extensionDir = await mkdtemp(path.join(tmpdir(), 'coffer-extension-'));
    await writeFile(path.join(extensionDir, 'coffer-extension-chromium.zip'), ZIP);
    context = await createTestContext({ env: { EXTENSION_DIR: extensionDir } });
  });
  afterAll(async () => {
    await context.close();
    await rm(extensionDir, { recursive: true, force: true });
  });

  it('serves a built zip as an attachment to anyone, uncompressed, under the usual headers', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/downloads/coffer-extension-chromium.zip',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="coffer-extension-chromium.zip"',
    );
    expect(response.headers['content-length']).toBe(String(ZIP.length));
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(ZIP)).toBe(true);
    // The security headers of every answer stay as they are.
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 with the build command for a zip that is not there', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/downloads/coffer-extension-firefox.zip',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: EXTENSION_NOT_BUILT_MESSAGE });
    expect(EXTENSION_NOT_BUILT_MESSAGE).toContain('npm run build');
  });

  it('tells the download page which builds are there, without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/extension/downloads.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          browser: 'chromium',
          url: '/downloads/coffer-extension-chromium.zip',
          available: true,
          size: ZIP.length,
        },
        { browser: 'firefox', url: '/downloads/coffer-extension-firefox.zip', available: false, size: null },
      ],
    });
  });

  it('serves nothing else from the folder', async () => {
    await writeFile(path.join(extensionDir, 'other.zip'), ZIP);
    for (const url of [
      '/downloads/other.zip',
      '/downloads/..%2Fother.zip',
      '/downloads/coffer-extension-chromium.zip.bak',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
