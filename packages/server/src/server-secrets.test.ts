import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptAtRest, encryptAtRest, generateServerSecrets, loadServerSecrets } from './server-secrets.js';

describe('server secrets', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'coffer-secrets-')), 'data');
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('creates a private key file on first start and reads the same key afterwards', async () => {
    const first = await loadServerSecrets({ dataDir, serverSecretKey: null });
    const file = await stat(path.join(dataDir, 'server-secrets.json'));
    expect(file.mode & 0o777).toBe(0o600);
    expect(first.atRestKey).toHaveLength(32);
    const second = await loadServerSecrets({ dataDir, serverSecretKey: null });
    expect(second.atRestKey.equals(first.atRestKey)).toBe(true);
  });

  it('prefers SERVER_SECRET_KEY and then writes no file', async () => {
    const key = randomBytes(32);
    const secrets = await loadServerSecrets({ dataDir, serverSecretKey: key.toString('base64') });
    expect(secrets.atRestKey.equals(key)).toBe(true);
    await expect(stat(path.join(dataDir, 'server-secrets.json'))).rejects.toThrow();
  });
});

describe('encryption at rest', () => {
  const secrets = generateServerSecrets();

  it('round-trips a value bound to its context, with a fresh IV each time', () => {
    const sealed = encryptAtRest(secrets, 'JBSWY3DPEHPK3PXP', 'otp-secret:user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptAtRest(secrets, 'JBSWY3DPEHPK3PXP', 'otp-secret:user-1')).not.toBe(sealed);
    expect(decryptAtRest(secrets, sealed, 'otp-secret:user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value moved to another context, altered, or sealed with another key', () => {
    const sealed = encryptAtRest(secrets, 'seed', 'otp-secret:user-1');
    expect(() => decryptAtRest(secrets, sealed, 'otp-secret:user-2')).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(() => decryptAtRest(secrets, `v1.${bytes.toString('base64')}`, 'otp-secret:user-1')).toThrow();
    expect(() => decryptAtRest(generateServerSecrets(), sealed, 'otp-secret:user-1')).toThrow();
  });
});
