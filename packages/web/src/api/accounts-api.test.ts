import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { registerAccount } from './accounts-api.js';
import { activateTwoFactor, disableTwoFactor, fetchBackupCodes } from './accounts-two-factor-api.js';

const keys = {
  email: 'ada@example.com',
  name: 'Ada',
  password: 'hash',
  public_key: 'pub',
  encrypted_private_key: 'enc',
  private_key_iv: 'iv',
  kdf_iterations: 600_000,
  termsOfService: true,
  marketingOptIn: true,
};

describe('registerAccount', () => {
  it('sends the invitation token instead of an organisation name when invited', async () => {
    const calls = mockFetch({ 'POST /users': { status: 201, body: {} } });
    await registerAccount({ ...keys, companyName: 'Ignored', invitationToken: 'inv-1' });
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect(form.get('user[invitation_token]')).toBe('inv-1');
    expect(form.has('user[owned_organisation_attributes][name]')).toBe(false);
    expect(form.get('user[marketingOptIn]')).toBe('true');
  });

  it('answers the status and first error on failure', async () => {
    mockFetch({ 'POST /users': { status: 400, body: { errors: ['Email has already been taken'] } } });
    await expect(registerAccount({ ...keys, companyName: 'A' })).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Email has already been taken',
    });
  });
});

describe('two-factor calls', () => {
  it('reads the 2fa message on success and on a wrong code', async () => {
    mockFetch({ 'PUT /api/v1/two-factor-active.json': { body: { '2fa': 'Success: Correct OTP Code!' } } });
    expect(await activateTwoFactor('123456')).toEqual({ ok: true, message: 'Success: Correct OTP Code!' });
    mockFetch({
      'PUT /api/v1/two-factor-active.json': {
        status: 400,
        body: { '2fa': 'Incorrect OTP code, please try again.' },
      },
    });
    expect(await activateTwoFactor('000000')).toEqual({
      ok: false,
      message: 'Incorrect OTP code, please try again.',
    });
  });

  it("treats a disable answer as success only when it contains 'Success'", async () => {
    mockFetch({
      'PUT /api/v1/two-factor-disable.json': { body: { '2fa': 'Two-factor authentication is not enabled.' } },
    });
    expect((await disableTwoFactor()).ok).toBe(false);
    mockFetch({ 'PUT /api/v1/two-factor-disable.json': { body: { '2fa': 'Success: disabled.' } } });
    expect((await disableTwoFactor()).ok).toBe(true);
  });

  it('throws the step-up refusal on or off, as no verdict on the code', async () => {
    const message = 'Please enter your password again to continue.';
    const refusal = { status: 403, body: { '2fa': message, error: message } };
    mockFetch({
      'PUT /api/v1/two-factor-active.json': refusal,
      'PUT /api/v1/two-factor-disable.json': refusal,
    });
    await expect(activateTwoFactor('123456')).rejects.toMatchObject({ status: 403, serverMessage: message });
    await expect(disableTwoFactor()).rejects.toMatchObject({ status: 403, serverMessage: message });
  });

  it('answers the recovery codes', async () => {
    mockFetch({ 'GET /api/v1/two-factor-backup.json': { body: { '2faCodes': ['a', 'b'] } } });
    expect(await fetchBackupCodes()).toEqual(['a', 'b']);
  });
});
