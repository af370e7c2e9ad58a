import { CryptoError } from '@coffer/core';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { deriveCurrentKeys, rekeyAccount } from './account-rekey.js';
import { proveAndRekey } from './prove-and-rekey.js';

vi.mock('./account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({
    authHash: `current:${password}`,
  })),
  rekeyAccount: vi.fn(async (_record: unknown, _current: unknown, next: { password: string }) => ({
    authHash: `next:${next.password}`,
    sealed: { encrypted_private_key: 'new-sealed', private_key_iv: 'new-iv' },
  })),
}));

const record = {
  email: 'ada@example.com',
  encrypted_private_key: 'k',
  private_key_iv: 'iv',
  kdf_iterations: 600_000,
};
const next = { email: 'ada@example.com', password: 'new password!' };

function serveVerify(answer: { status?: number; body?: unknown }) {
  return mockFetch({ 'POST /api/v1/users/verify_password.json': answer });
}

describe('proveAndRekey', () => {
  it('proves the current password with its auth hash, then answers both key sets', async () => {
    const calls = serveVerify({ body: { valid: true } });
    const proven = await proveAndRekey(record, 'old password!', next);
    expect(proven).toMatchObject({ ok: true, current: { authHash: 'current:old password!' } });
    expect(proven.ok && proven.rekeyed.authHash).toBe('next:new password!');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ password: 'current:old password!' });
  });

  it('refuses a password the server says is wrong, without re-sealing', async () => {
    serveVerify({ body: { valid: false } });
    vi.mocked(rekeyAccount).mockClear();
    expect(await proveAndRekey(record, 'wrong', next)).toEqual({ ok: false, reason: 'wrong-password' });
    expect(rekeyAccount).not.toHaveBeenCalled();
  });

  it('passes on the server message when the check itself failed', async () => {
    serveVerify({ status: 500, body: { error: 'Try later' } });
    const proven = await proveAndRekey(record, 'old password!', next);
    expect(proven).toMatchObject({ ok: false, reason: 'unverified' });
  });

  it('names weak iterations and a key that does not open', async () => {
    vi.mocked(deriveCurrentKeys).mockRejectedValueOnce(new CryptoError('iterations-too-low'));
    expect(await proveAndRekey(record, 'old password!', next)).toEqual({ ok: false, reason: 'weak-kdf' });

    serveVerify({ body: { valid: true } });
    vi.mocked(rekeyAccount).mockRejectedValueOnce(new CryptoError('integrity'));
    expect(await proveAndRekey(record, 'old password!', next)).toEqual({ ok: false, reason: 'key-mismatch' });
  });
});
