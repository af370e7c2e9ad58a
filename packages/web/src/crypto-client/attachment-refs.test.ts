import { describe, expect, it } from 'vitest';
import { withAttachments } from './attachment-refs.js';
import { normalisePayload } from './secret-payload.js';

const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const ref = { id: 'att-1', name: 'key.pem', size: 12, mediaType: 'text/plain', key: KEY };

describe('a payload with its files', () => {
  it('sets attachments when there are files and leaves the key out when there are none', () => {
    expect(withAttachments({ note: 'x' }, [ref])).toEqual({ note: 'x', attachments: [ref] });
    expect(withAttachments({ note: 'x', attachments: [ref] }, [])).toEqual({ note: 'x' });
    expect(Object.keys(withAttachments({ note: 'x' }, []))).toEqual(['note']);
  });
});

describe('an opened payload as the viewer and the form get it', () => {
  it('keeps the file refs beside the category fields, and adds nothing to a payload without files', () => {
    expect(normalisePayload('note', { note: 'n', attachments: [ref, { id: 1 }] })).toEqual({
      note: 'n',
      attachments: [ref],
    });
    expect(normalisePayload('note', { note: 'n' })).toEqual({ note: 'n' });
  });
});
