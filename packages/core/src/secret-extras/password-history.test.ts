import { describe, expect, it } from 'vitest';
import { PASSWORD_HISTORY_LIMIT } from '../constants/secret-extras-constants.js';
import type { NotePayload, PasswordPayload, PastValue } from '../model/secret-payload-model.js';
import { withPasswordHistory } from './password-history.js';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const AT = NOW.toISOString();
const login = (password: string, extra: Partial<PasswordPayload> = {}): PasswordPayload => ({
  username: 'ops',
  password,
  url: 'https://example.com',
  note: '',
  ...extra,
});

describe('withPasswordHistory', () => {
  it('keeps the old password when it changes', () => {
    expect(withPasswordHistory(login('old'), login('new'), NOW)).toEqual(
      login('new', { history: [{ field: 'password', value: 'old', changedAt: AT }] }),
    );
  });

  it('returns the new payload untouched when nothing secret changed, or the old password was empty', () => {
    const next = login('same', { note: 'changed note' });
    expect(withPasswordHistory(login('same'), next, NOW)).toBe(next);
    const first = login('set now');
    expect(withPasswordHistory(login(''), first, NOW)).toBe(first);
    expect('history' in first).toBe(false);
  });

  it('prepends to the history the form carried, newest first, and keeps the last 10', () => {
    const earlier: PastValue[] = Array.from({ length: PASSWORD_HISTORY_LIMIT }, (_, index) => ({
      field: 'password',
      value: `p${index}`,
      changedAt: `2026-01-${String(index + 1).padStart(2, '0')}T00:00:00.000Z`,
    }));
    const result = withPasswordHistory(
      login('current', { history: earlier }),
      login('next', { history: earlier }),
      NOW,
    );
    expect(result.history).toHaveLength(PASSWORD_HISTORY_LIMIT);
    expect(result.history?.[0]).toEqual({ field: 'password', value: 'current', changedAt: AT });
    expect(result.history?.[1]?.value).toBe('p0');
    expect(result.history?.at(-1)?.value).toBe('p8');
  });

  it("keeps the old payload's history when the new one carries none", () => {
    const earlier = [{ field: 'password', value: 'older', changedAt: '2025-01-01T00:00:00.000Z' }];
    expect(withPasswordHistory(login('a', { history: earlier }), login('b'), NOW).history).toEqual([
      { field: 'password', value: 'a', changedAt: AT },
      ...earlier,
    ]);
  });

  it('keeps a hidden field when its value changes (matched by name), not a text field', () => {
    const before: NotePayload = {
      note: 'n',
      fields: [
        { name: 'PIN', kind: 'hidden', value: '1234' },
        { name: 'Customer', kind: 'text', value: 'C-1' },
      ],
    };
    const after: NotePayload = {
      note: 'n',
      fields: [
        { name: 'Customer', kind: 'text', value: 'C-2' },
        { name: 'PIN', kind: 'hidden', value: '9876' },
      ],
    };
    expect(withPasswordHistory(before, after, NOW).history).toEqual([
      { field: 'PIN', value: '1234', changedAt: AT },
    ]);
  });

  it('keeps a hidden field that was removed or renamed, so no secret value is lost', () => {
    const before: NotePayload = { note: '', fields: [{ name: 'PIN', kind: 'hidden', value: '1234' }] };
    expect(withPasswordHistory(before, { note: '', fields: [] }, NOW).history).toEqual([
      { field: 'PIN', value: '1234', changedAt: AT },
    ]);
    expect(
      withPasswordHistory(
        before,
        { note: '', fields: [{ name: 'Card PIN', kind: 'hidden', value: '1234' }] },
        NOW,
      ).history,
    ).toEqual([{ field: 'PIN', value: '1234', changedAt: AT }]);
  });

  it('keeps password and hidden field changes of one edit together, password first', () => {
    const before = login('p1', { fields: [{ name: 'Recovery', kind: 'hidden', value: 'r1' }] });
    const after = login('p2', { fields: [{ name: 'Recovery', kind: 'hidden', value: 'r2' }] });
    expect(withPasswordHistory(before, after, NOW).history).toEqual([
      { field: 'password', value: 'p1', changedAt: AT },
      { field: 'Recovery', value: 'r1', changedAt: AT },
    ]);
  });
});
