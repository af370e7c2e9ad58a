import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChestScenario, type ChestScenario } from '../test/chest-scenario.js';
import { TEST_AUTH_HASH } from '../test/factories.js';
import {
  callServer,
  createProcessData,
  type ProcessData,
  type ServerProcess,
  startServerProcess,
} from '../test/server-process.js';
import { testDialect } from '../test/test-database.js';

const REDIS_URL = process.env.COFFER_TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WRONG = Buffer.alloc(32, 9).toString('base64');

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const runs = testDialect() === 'postgres' && (await redisAnswers(REDIS_URL));
if (testDialect() === 'postgres' && !runs) {
  console.warn(`multi-server test skipped: no Redis at ${REDIS_URL} (set COFFER_TEST_REDIS_URL)`);
}

// Each request comes from its own made-up address (TRUST_PROXY), unless a test names one, so the
// per-address limits of other tests never interfere.
function from(address = `198.51.${randomInt(256)}.${randomInt(256)}`) {
  return { 'x-forwarded-for': address };
}

/**
 * Several servers (docs/operations.md): two server processes on one PostgreSQL and one Redis,
 * as behind a load balancer. Sign-in locks, sessions and per-address limits hold across both,
 * and a server told to stop drains: /healthz says so while it finishes what it has.
 */
describe.skipIf(!runs)('two servers on one PostgreSQL and one Redis', () => {
  let data: ProcessData;
  let scenario: ChestScenario;
  let a: ServerProcess;
  let b: ServerProcess;
  let otherDataDir: string;

  beforeAll(async () => {
    data = await createProcessData('postgres');
    const handle = await data.open();
    scenario = await buildChestScenario(handle.db);
    await handle.destroy();
    // As on two machines: a DATA_DIR each, one SERVER_SECRET_KEY for both (docs/operations.md).
    otherDataDir = await mkdtemp(path.join(tmpdir(), 'coffer-process-'));
    const env = {
      ...data.env,
      SERVER_SECRET_KEY: randomBytes(32).toString('base64'),
      REDIS_URL,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3/15m',
      RATE_LIMIT_PRELOGIN_PER_IP: '4/15m',
      SHUTDOWN_DELAY_SECONDS: '2',
    };
    [a, b] = await Promise.all([
      startServerProcess({ env }),
      startServerProcess({ env: { ...env, DATA_DIR: otherDataDir } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await data?.drop();
    if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true });
  });

  const signIn = (server: ServerProcess, email: string, password: string) =>
    callServer(server, 'POST', '/users/sign_in.json', {
      body: { user: { email, password } },
      headers: from(),
    });

  it('enforces on one server the sign-in lock the other made', async () => {
    const { email } = scenario.users.outsider;
    for (const server of [a, a, b]) expect((await signIn(server, email, WRONG)).status).toBe(401);
    const locked = await signIn(a, email, TEST_AUTH_HASH);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(b, email, TEST_AUTH_HASH)).status).toBe(429);
  });

  it('lets a burst split over both servers check no more passwords than the limit', async () => {
    const { email } = scenario.users.manager;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => signIn(index % 2 === 0 ? a : b, email, WRONG)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await signIn(b, email, TEST_AUTH_HASH)).status).toBe(429);
  });

  it('refuses on one server a session signed out on the other', async () => {
    const signedIn = await signIn(a, scenario.users.writer.email, TEST_AUTH_HASH);
    expect(signedIn.status).toBe(201);
    const token = (signedIn.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    expect((await callServer(b, 'GET', '/api/v1/profile.json', { token })).status).toBe(200);
    expect((await callServer(a, 'DELETE', '/users/sign_out.json', { token })).status).toBe(204);
    expect((await callServer(b, 'GET', '/api/v1/profile.json', { token })).status).toBe(401);
  });

  it('counts per-address limits across both servers', async () => {
    const address = from();
    const prelogin = (server: ServerProcess) =>
      callServer(server, 'POST', '/api/v1/prelogin.json', {
        body: { email: `someone-${randomInt(1_000_000)}@example.test` },
        headers: address,
      });
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await prelogin(server)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('drains on SIGTERM: /healthz answers 503 while requests are still served, then exits 0', async () => {
    const token = scenario.tokens.administrator;
    a.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await callServer(a, 'GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'draining', database: 'ok' });
    expect((await callServer(a, 'GET', '/api/v1/secrets.json', { token })).status).toBe(200);
    expect((await callServer(b, 'GET', '/healthz')).body).toEqual({ status: 'ok', database: 'ok' });
    expect(await a.exited).toBe(0);
    expect((await callServer(b, 'GET', '/api/v1/secrets.json', { token })).status).toBe(200);
  });
});
