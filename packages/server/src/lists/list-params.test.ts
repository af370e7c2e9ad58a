import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, splitPage } from './list-cursor.js';
import { parseListParams, parseOrder } from './list-params.js';

describe('list parameters', () => {
  it('defaults to 20 rows by name, no filter, no options', () => {
    const params = parseListParams({});
    expect(params.page).toEqual({
      order: { column: 'name', direction: 'asc' },
      limit: 20,
      offset: 0,
      cursor: null,
      filter: null,
    });
    expect(params.everything).toBe(false);
    expect([...params.options]).toEqual([]);
  });

  it('reads whitelisted orders only', () => {
    expect(parseOrder('updated_at DESC')).toEqual({ column: 'updated_at', direction: 'desc' });
    expect(parseOrder('created_at')).toEqual({ column: 'created_at', direction: 'asc' });
    for (const bad of [
      'encrypted_data asc',
      'name sideways',
      'name asc; drop table secrets',
      'name asc id',
    ]) {
      expect(() => parseOrder(bad)).toThrow(/The order must be one of/);
    }
  });

  it('merges options[] and options, split on commas', () => {
    const params = parseListParams({ options: ['teams,users'], 'options[]': ['vault'] });
    expect([...params.options].sort()).toEqual(['teams', 'users', 'vault']);
  });

  it('lets a cursor carry its order and replace the offset', () => {
    const cursor = encodeCursor(
      { column: 'updated_at', direction: 'desc' },
      {
        id: 'x',
        name: 'n',
        created_at: 'c',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    );
    expect(decodeCursor(cursor)).toEqual({
      order: { column: 'updated_at', direction: 'desc' },
      position: { value: '2026-01-01T00:00:00.000Z', id: 'x' },
    });
    const params = parseListParams({ cursor, offset: 40 });
    expect(params.page.offset).toBe(0);
    expect(params.page.order).toEqual({ column: 'updated_at', direction: 'desc' });
    expect(() => parseListParams({ cursor, order: 'name asc' })).toThrow(
      'The cursor belongs to another order.',
    );
    expect(() => decodeCursor('WyJwYXNzd29yZCIsImFzYyIsIngiLCJ5Il0')).toThrow(/cursor is invalid/);
  });

  it('answers a next cursor only when a further row was fetched', () => {
    const order = { column: 'name', direction: 'asc' } as const;
    const row = (id: string) => ({ id, name: id, created_at: '', updated_at: '' });
    expect(splitPage([row('a'), row('b')], 2, order).nextCursor).toBeNull();
    const split = splitPage([row('a'), row('b'), row('c')], 2, order);
    expect(split.rows.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(decodeCursor(split.nextCursor ?? '').position).toEqual({ value: 'b', id: 'b' });
  });
});
