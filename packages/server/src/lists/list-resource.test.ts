import { SECRET_SORT_KEYS } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { CHEST_LIST } from '../services/chests/chest-query-service.js';
import { DELETED_SECRET_LIST, SECRET_LIST } from '../services/secrets/secret-query-service.js';
import { decodeCursor, encodeCursorAt, splitPage } from './list-cursor.js';
import { parseListParams } from './list-params.js';
import { readListParams } from './list-resource.js';
import { resolveSort } from './list-sorts.js';

describe('list resources', () => {
  it('read the orders of their own list only', () => {
    expect(readListParams(SECRET_LIST, { order: 'strength desc' }).page.order).toEqual({
      column: 'strength',
      direction: 'desc',
    });
    expect(() => readListParams(DELETED_SECRET_LIST, { order: 'strength desc' })).toThrow(
      /^The order must be one of: name asc, name desc, category asc/,
    );
    expect(() => parseListParams({ order: 'secret_count asc' })).toThrow(
      /name asc, name desc, created_at asc/,
    );
    expect(readListParams(CHEST_LIST, {}).page.order).toEqual({ column: 'name', direction: 'asc' });
  });

  it('carry whole numbers and text in cursors, for their own keys only', () => {
    const order = { column: 'strength', direction: 'asc' } as const;
    const cursor = encodeCursorAt(order, 4, 'id-1');
    expect(decodeCursor(cursor, SECRET_SORT_KEYS)).toEqual({ order, position: { value: 4, id: 'id-1' } });
    expect(readListParams(SECRET_LIST, { cursor }).page.cursor).toEqual({ value: 4, id: 'id-1' });
    expect(() => readListParams(DELETED_SECRET_LIST, { cursor })).toThrow(/cursor is invalid/);
    const forged = (value: unknown) =>
      Buffer.from(JSON.stringify(['strength', 'asc', value, 'x'])).toString('base64url');
    for (const value of [1.5, 2 ** 60, null, {}, 'a\u0000b']) {
      expect(() => decodeCursor(forged(value), SECRET_SORT_KEYS)).toThrow(/cursor is invalid/);
    }
  });

  it('sort a chest list by the count its caller sees', () => {
    const scope = { organisationId: 'o', chestIds: null };
    expect(resolveSort(CHEST_LIST, 'secret_count', { ...scope, includeHidden: true })).toMatchObject({
      column: 'secret_count',
      index: 'vaults_secret_count_index',
    });
    expect(resolveSort(CHEST_LIST, 'secret_count', { ...scope, includeHidden: false })).toMatchObject({
      column: 'visible_secret_count',
      index: 'vaults_visible_secret_count_index',
    });
  });

  it('continue after the last row’s stored value', () => {
    const order = { column: 'strength', direction: 'desc' } as const;
    const rows = [
      { id: 'a', strength: null },
      { id: 'b', strength: null },
    ];
    const split = splitPage(rows, 1, order, (row) => row.strength ?? 0);
    expect(decodeCursor(split.nextCursor ?? '', ['strength']).position).toEqual({ value: 0, id: 'a' });
  });
});
