import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChest, buildManager, buildSecret, buildSession, buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { acceptsEncoding } from './compression.js';

describe('compression', () => {
  let context: TestContext;
  let token: string;

  beforeAll(async () => {
    const webDist = path.join(process.env.TMPDIR ?? '/tmp', `coffer-compress-${process.pid}`);
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Coffer</title>');
    await writeFile(
      path.join(webDist, 'assets', 'app.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    context = await createTestContext({ env: { WEB_DIST: webDist } });
    const owner = await buildUser(context.db, { administrator: true });
    const chest = await buildChest(context.db, owner.organisation_id);
    await buildManager(context.db, owner, chest.id);
    for (let index = 0; index < 30; index += 1) {
      await buildSecret(context.db, owner, chest.id, { readerIds: [owner.id] });
    }
    token = await buildSession(context.db, owner);
  });
  afterAll(async () => {
    await context.close();
  });

  const list = (acceptEncoding?: string) =>
    context.app.inject({
      method: 'GET',
      url: '/api/v1/secrets.json?limit=30',
      headers: {
        authorization: `Bearer ${token}`,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  it('compresses a list with Brotli when the client takes it, and the bytes are the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length, plain.body).toBeGreaterThan(1024);

    const compressed = await list('br, gzip');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip', async () => {
    expect((await list('gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('compresses the web app files', async () => {
    const asset = await context.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(asset.rawPayload).toString('utf8')).toBe(
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
  });

  it("never compresses an answer to a POST (tokens and the sender's input come back there)", async () => {
    const signIn = await context.app.inject({
      method: 'POST',
      url: '/users/sign_in.json',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { user: { email: 'nobody@example.test', password: 'x'.repeat(2000) } },
    });
    expect(signIn.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers alone', async () => {
    const health = await context.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/users/sign_in.json',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('acceptsEncoding', () => {
  it('reads codings and their quality', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('BR;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
    expect(acceptsEncoding('', 'gzip')).toBe(false);
  });
});
