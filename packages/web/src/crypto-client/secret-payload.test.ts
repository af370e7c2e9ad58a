import { describe, expect, it } from 'vitest';
import { normalisePayload } from './secret-payload.js';

describe('normalisePayload', () => {
  it("keeps the category's fields as strings, and an older payload in its shape", () => {
    expect(normalisePayload('note', { note: 5, extra: 'x' })).toEqual({ note: '5' });
    expect(normalisePayload('password', { username: 'ada' })).toEqual({
      username: 'ada',
      password: '',
      url: '',
      note: '',
    });
  });

  it('keeps every extra of the documented shape', () => {
    const opened = {
      username: 'ada',
      password: 'pw',
      url: 'https://bank.example',
      note: '',
      urlMatch: 'exact',
      moreUrls: [{ url: 'https://app.bank.example', match: 'starts-with' }, { url: 'https://old.example' }],
      totp: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
      fields: [{ name: 'PIN', kind: 'hidden', value: '1234' }],
      history: [{ field: 'password', value: 'old', changedAt: '2026-01-01T00:00:00.000Z' }],
      attachments: [
        {
          id: 'a-1',
          name: 'cert.pem',
          size: 3,
          mediaType: 'text/plain',
          key: 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=',
        },
      ],
    };
    expect(normalisePayload('password', opened)).toEqual(opened);
  });

  it('leaves out malformed entries and values of another type, and login extras on other categories', () => {
    expect(
      normalisePayload('note', {
        note: 'n',
        fields: [{ name: 'A', kind: 'weird', value: 'v' }, { name: 1, value: 'x' }, 'text', null],
        history: [{ field: 'password', value: 'old' }],
        attachments: [{ id: 'a', name: 'n', size: -1, mediaType: '', key: 'k' }],
        totp: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        moreUrls: [{ url: 'https://x.example' }],
      }),
    ).toEqual({
      note: 'n',
      fields: [
        { name: 'A', kind: 'text', value: 'v' },
        { name: '1', kind: 'text', value: 'x' },
      ],
    });
    // A list with nothing usable in it is left out, so the payload keeps the older shape.
    expect(
      normalisePayload('password', { urlMatch: 'fuzzy', moreUrls: 'x', totp: {}, fields: { name: 'x' } }),
    ).toEqual({ username: '', password: '', url: '', note: '' });
  });
});
