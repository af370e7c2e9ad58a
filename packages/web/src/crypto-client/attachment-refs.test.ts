import { describe, expect, it } from 'vitest';
import { readAttachmentRefs, withAttachments } from './attachment-refs.js';
import { normalisePayload } from './secret-payload.js';

const KEY = 'ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';
const ref = { id: 'att-1', name: 'key.pem', size: 12, mediaType: 'text/plain', key: KEY };

describe('file refs of an opened payload', () => {
  it('answers [] for a secret saved before files existed', () => {
    expect(readAttachmentRefs({ note: 'x' })).toEqual([]);
    expect(readAttachmentRefs({ note: 'x', attachments: 'nope' })).toEqual([]);
  });

  it('keeps well-formed refs in order, with exactly their five fields', () => {
    const second = { ...ref, id: 'att-2', extra: 'dropped' };
    expect(readAttachmentRefs({ attachments: [ref, second] })).toEqual([ref, { ...ref, id: 'att-2' }]);
  });

  it.each([
    ['no id', { ...ref, id: '' }],
    ['a fractional size', { ...ref, size: 1.5 }],
    ['a negative size', { ...ref, size: -1 }],
    ['a key of 16 bytes', { ...ref, key: 'AAAAAAAAAAAAAAAAAAAAAA==' }],
    ['a key that is not base64', { ...ref, key: 'not a key' }],
    ['no media type', { id: 'a', name: 'n', size: 1, key: KEY }],
    ['null', null],
  ])('leaves out an entry with %s', (_what, entry) => {
    expect(readAttachmentRefs({ attachments: [entry, ref] })).toEqual([ref]);
  });
});

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
