import type { PasswordPayload } from '@coffer/core';

/**
 * A password secret using every richer part of issue 27 (rules on its URLs, an authenticator key,
 * fields of each kind, history of the password and of a hidden field), for the export and import tests.
 * Tests add their own `attachments` and `importedFrom`.
 */
export function richerLoginPayload(): PasswordPayload {
  return {
    username: 'root@example.com',
    password: 'n3w-Passw0rd!',
    url: 'https://console.aws.amazon.com',
    note: 'break glass',
    urlMatch: 'exact',
    moreUrls: [{ url: 'https://signin.aws.amazon.com/', match: 'starts-with' }, { url: 'aws.example' }],
    totp: 'otpauth://totp/AWS:root?secret=JBSWY3DPEHPK3PXP&issuer=AWS',
    fields: [
      { name: 'Account id', kind: 'text', value: '1234' },
      { name: 'Support PIN', kind: 'hidden', value: '4711' },
      { name: 'MFA enforced', kind: 'boolean', value: 'true' },
    ],
    history: [
      { field: 'password', value: 'old-Passw0rd', changedAt: '2026-01-02T03:04:05.000Z' },
      { field: 'Support PIN', value: '0000', changedAt: '2025-12-01T00:00:00.000Z' },
    ],
  };
}
