import { describe, expect, it } from 'vitest';
import { readPasswordExtras, readPayloadExtras } from './payload-extras-reader.js';

const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';

describe('readPayloadExtras', () => {
  it('gives nothing for an older payload, so it keeps its shape', () => {
    expect(readPayloadExtras({ note: 'hello' })).toEqual({});
    expect(readPasswordExtras({ username: 'a', password: 'b', url: '', note: '' })).toEqual({});
  });

  it('keeps well-formed extras as they are', () => {
    const extras = {
      fields: [
        { name: 'PIN', kind: 'hidden', value: '1234' },
        { name: 'Customer', kind: 'text', value: 'C-77' },
        { name: 'VPN', kind: 'boolean', value: 'true' },
      ],
      history: [{ field: 'password', value: 'old', changedAt: '2026-11-01T10:00:00.000Z' }],
      attachments: [{ id: 'a1', name: 'key.pem', size: 12, mediaType: 'text/plain', key: KEY }],
      importedFrom: { format: 'bitwarden-json', sourceId: 'b-1', fingerprint: 'ab12' },
    };
    expect(readPayloadExtras(extras)).toEqual(extras);
  });

  it('reads numbers as text and an unknown field kind as text', () => {
    expect(readPayloadExtras({ fields: [{ name: 'Port', kind: 'port', value: 22 }] })).toEqual({
      fields: [{ name: 'Port', kind: 'text', value: '22' }],
    });
  });

  it('leaves out entries that do not fit, and the list when none is left', () => {
    const opened = {
      fields: [null, 'PIN', { name: 'x' }, [1]],
      history: { field: 'password' },
      attachments: [
        { id: 'a', name: 'n', size: -1, mediaType: '', key: KEY },
        { id: 'a', name: 'n', size: 1.5, mediaType: '', key: KEY },
        { id: 7, name: 'n', size: 1, mediaType: '', key: KEY },
        { id: '', name: 'n', size: 1, mediaType: '', key: KEY },
        { id: 'a', name: 'n', size: 1, key: KEY },
        { id: 'a', name: 'n', size: 1, mediaType: '', key: 'AAAAAAAAAAAAAAAAAAAAAA==' },
        { id: 'a', name: 'n', size: 1, mediaType: '', key: 'not a key' },
        { id: 'b', name: 'file', size: 3, mediaType: '', key: KEY, extra: 'dropped' },
      ],
    };
    expect(readPayloadExtras(opened)).toEqual({
      attachments: [{ id: 'b', name: 'file', size: 3, mediaType: '', key: KEY }],
    });
  });

  it("reads the password's URLs with known rules only, and its authenticator key", () => {
    const opened = {
      urlMatch: 'regex',
      moreUrls: [
        { url: 'https://b.example', match: 'exact' },
        { url: 'https://c.example', match: 'glob' },
        {},
      ],
      totp: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
    };
    expect(readPasswordExtras(opened)).toEqual({
      moreUrls: [{ url: 'https://b.example', match: 'exact' }, { url: 'https://c.example' }],
      totp: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
    });
  });
});
