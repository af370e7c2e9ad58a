import { SECRET_NAME_MAX } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { sourceItem } from './source-item.js';
import { FULL_TITLE_FIELD, TAGS_FIELD, toSecretDraft, UNTITLED_NAME } from './to-secret-draft.js';

describe('toSecretDraft', () => {
  it('makes a login a password secret with every part in its place', () => {
    const draft = toSecretDraft(
      sourceItem('row 2', {
        title: 'AWS root',
        username: 'root@example.com',
        password: 'n3w',
        urls: ['https://console.aws.amazon.com', 'https://signin.aws.amazon.com'],
        notes: 'break glass',
        totp: 'otpauth://totp/AWS?secret=JBSWY3DPEHPK3PXP',
        fields: [
          { name: 'Account id', value: '1234', hidden: false },
          { name: 'PIN', value: '9999', hidden: true },
        ],
        passwordHistory: [{ password: 'old', changedAt: '2025-01-02T03:04:05.000Z' }, { password: '' }],
        container: ['Infra', 'Cloud'],
        tags: ['prod', 'aws'],
      }),
    );
    expect(draft).toMatchObject({
      ref: 'row 2',
      category: 'password',
      name: 'AWS root',
      container: ['Infra', 'Cloud'],
    });
    expect(draft.payload).toEqual({
      username: 'root@example.com',
      password: 'n3w',
      url: 'https://console.aws.amazon.com',
      note: 'break glass',
      moreUrls: [{ url: 'https://signin.aws.amazon.com' }],
      totp: 'otpauth://totp/AWS?secret=JBSWY3DPEHPK3PXP',
      fields: [
        { name: 'Account id', kind: 'text', value: '1234' },
        { name: 'PIN', kind: 'hidden', value: '9999' },
        { name: TAGS_FIELD, kind: 'text', value: 'prod, aws' },
      ],
      history: [{ field: 'password', value: 'old', changedAt: '2025-01-02T03:04:05.000Z' }],
    });
  });

  it('keeps an older-shaped payload when the source has nothing more', () => {
    const draft = toSecretDraft(sourceItem('1', { title: 'Wi-Fi', username: 'guest', password: 'pw' }));
    expect(draft.payload).toEqual({ username: 'guest', password: 'pw', url: '', note: '' });
  });

  it('makes a card a note whose values are fields, and a stray login part a field too', () => {
    const draft = toSecretDraft(
      sourceItem('card-7', {
        kind: 'card',
        title: 'Company Visa',
        password: '1234',
        notes: 'for travel',
        fields: [{ name: 'Number', value: '4111111111111111', hidden: true }],
      }),
    );
    expect(draft.category).toBe('note');
    expect(draft.payload).toEqual({
      note: 'for travel',
      fields: [
        { name: 'Password', kind: 'hidden', value: '1234' },
        { name: 'Number', kind: 'hidden', value: '4111111111111111' },
      ],
    });
  });

  it('names an untitled item by its URL host, its username, or Untitled', () => {
    expect(
      toSecretDraft(sourceItem('1', { urls: ['https://mail.example.org/login'], password: 'x' })).name,
    ).toBe('mail.example.org');
    expect(toSecretDraft(sourceItem('2', { username: 'sam', password: 'x' })).name).toBe('sam');
    expect(toSecretDraft(sourceItem('3', { kind: 'note', notes: 'n' })).name).toBe(UNTITLED_NAME);
  });

  it('shortens a long title for the name and keeps the whole title in a field', () => {
    const title = `Supplier portal ${'x'.repeat(60)}`;
    const draft = toSecretDraft(sourceItem('1', { title, username: 'u', password: 'p' }));
    expect(Array.from(draft.name)).toHaveLength(SECRET_NAME_MAX);
    expect(draft.name.endsWith('…')).toBe(true);
    expect(draft.payload.fields).toEqual([{ name: FULL_TITLE_FIELD, kind: 'text', value: title }]);
  });

  it('passes the files on for upload beside the secret', () => {
    const data = new Uint8Array([1, 2, 3]);
    const draft = toSecretDraft(
      sourceItem('1', { kind: 'note', notes: 'n', attachments: [{ name: 'a.pem', data }] }),
    );
    expect(draft.attachments).toEqual([{ name: 'a.pem', data }]);
  });

  it("takes a Coffer export's secret as it was stored: its category and whole payload", () => {
    const payload = { country: '41', number: '445551234', extension: '', note: 'Empfang' };
    const item = sourceItem('secret s-1', {
      kind: 'other',
      title: 'Reception',
      fields: [{ name: 'Number', value: '445551234', hidden: false }],
      container: ['Office'],
      coffer: { category: 'telephone', payload },
    });
    expect(toSecretDraft(item)).toEqual({
      ref: 'secret s-1',
      category: 'telephone',
      name: 'Reception',
      payload,
      container: ['Office'],
      attachments: [],
    });
    const long = 'x'.repeat(SECRET_NAME_MAX + 5);
    const shortened = toSecretDraft({ ...item, title: long });
    expect(shortened.payload).toEqual({
      ...payload,
      fields: [{ name: FULL_TITLE_FIELD, kind: 'text', value: long }],
    });
  });
});
