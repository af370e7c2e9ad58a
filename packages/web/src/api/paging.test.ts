import { describe, expect, it } from 'vitest';
import { nextPagePosition } from './paging.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('nextPagePosition', () => {
  it("follows the server's cursor while rows remain", () => {
    expect(nextPagePosition([{ items: rows(20), total: 45, next_cursor: 'abc' }])).toEqual({ cursor: 'abc' });
  });

  it('falls back to an offset when the server gives no cursor', () => {
    expect(
      nextPagePosition([
        { items: rows(20), total: 45 },
        { items: rows(20), total: 45 },
      ]),
    ).toEqual({ offset: 40 });
  });

  it('stops at the total, on an empty page, or when the cursor says the end', () => {
    expect(nextPagePosition([{ items: rows(20), total: 20, next_cursor: 'x' }])).toBeUndefined();
    expect(nextPagePosition([{ items: [], total: 45 }])).toBeUndefined();
    expect(nextPagePosition([{ items: rows(20), total: 45, next_cursor: null }])).toBeUndefined();
  });
});
