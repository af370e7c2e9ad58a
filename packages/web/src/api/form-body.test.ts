import { describe, expect, it } from 'vitest';
import { toFormBody } from './form-body.js';

describe('toFormBody', () => {
  it('encodes nested objects with Rails-style keys, as registration needs', () => {
    const form = toFormBody({
      user: {
        email: 'ada@example.com',
        name: 'Ada',
        kdf_iterations: 600000,
        owned_organisation_attributes: { name: 'Analytical Engines' },
        termsOfService: true,
        marketingOptIn: false,
      },
    });
    expect([...form.entries()]).toEqual([
      ['user[email]', 'ada@example.com'],
      ['user[name]', 'Ada'],
      ['user[kdf_iterations]', '600000'],
      ['user[owned_organisation_attributes][name]', 'Analytical Engines'],
      ['user[termsOfService]', 'true'],
      ['user[marketingOptIn]', 'false'],
    ]);
  });

  it('encodes arrays with [] and leaves out null and undefined', () => {
    const form = toFormBody({ user: { team_ids: ['t1', 't2'], name: undefined, invitation_token: null } });
    expect([...form.entries()]).toEqual([
      ['user[team_ids][]', 't1'],
      ['user[team_ids][]', 't2'],
    ]);
  });

  it('passes flat bracketed keys through unchanged', () => {
    expect(toFormBody({ 'user[email]': 'a@b.c' }).toString()).toBe('user%5Bemail%5D=a%40b.c');
  });
});
