import { describe, expect, it } from 'vitest';
import { type IndexEntry, SecretIndex } from '../sync/index.js';
import { siteKeys } from '../sync/site-key.js';
import { popupList } from './popup-list.js';

const OWNER = { userId: 'user-1', server: 'https://coffer.test' };

function entry(name: string, url: string, match?: 'exact'): IndexEntry {
  const urls = [match ? { url, match } : { url }];
  return {
    secretId: `id-${name}`,
    revision: 1,
    chestId: 'c',
    chestName: 'Office',
    name,
    category: 'password',
    urls,
    sites: siteKeys(urls),
  };
}

function indexOf(...entries: IndexEntry[]): SecretIndex {
  const index = SecretIndex.empty(OWNER);
  for (const item of entries) index.put(item);
  return index;
}

const names = (list: ReturnType<typeof popupList>) => list.rows.map((row) => row.name);

describe('popupList', () => {
  const index = indexOf(
    entry('Other', 'https://other.test'),
    entry('Site', 'https://example.com'),
    entry('Zed', 'https://zed.test'),
    entry('Exact', 'https://login.example.com/', 'exact'),
    entry('Look-alike', 'https://examp1e.com'),
  );

  it('lists the tab’s matches first, closest first, then every other login by name', () => {
    const list = popupList(index, 'https://login.example.com/', '');
    expect(names(list)).toEqual(['Exact', 'Site', 'Look-alike', 'Other', 'Zed']);
    expect([...list.matching].sort()).toEqual(['id-Exact', 'id-Site']);
    expect(list.total).toBe(5);
  });

  it('lists every login by name without a tab, and matches nothing', () => {
    const list = popupList(index, null, '');
    expect(names(list)).toEqual(['Exact', 'Look-alike', 'Other', 'Site', 'Zed']);
    expect(list.matching.size).toBe(0);
  });

  it('searches names, chests and addresses, the matches still first', () => {
    expect(names(popupList(index, 'https://login.example.com/', 'EXAMP'))).toEqual([
      'Exact',
      'Site',
      'Look-alike',
    ]);
    expect(names(popupList(index, null, 'office'))).toHaveLength(5);
    const none = popupList(index, 'https://login.example.com/', 'nothing like it');
    expect(none.rows).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('shows at most the limit, and says how many the search selects in all', () => {
    const list = popupList(index, 'https://login.example.com/', '', 3);
    expect(names(list)).toEqual(['Exact', 'Site', 'Look-alike']);
    expect(list.total).toBe(5);
  });

  it('cuts to the first names whatever order the sync opened them in; equal names by id', () => {
    const many = Array.from({ length: 120 }, (_, n) =>
      entry(`Login ${String(n).padStart(3, '0')}`, 'https://a.test'),
    );
    const twins = [
      { ...entry('Twin', 'https://b.test'), secretId: 'id-b' },
      { ...entry('Twin', 'https://b.test'), secretId: 'id-a' },
    ];
    const forwards = popupList(indexOf(...many, ...twins), null, '', 4);
    const backwards = popupList(indexOf(...twins, ...[...many].reverse()), null, '', 4);
    expect(names(forwards)).toEqual(['Login 000', 'Login 001', 'Login 002', 'Login 003']);
    expect(names(backwards)).toEqual(names(forwards));
    expect(forwards.total).toBe(122);
    const onlyTwins = popupList(indexOf(...twins), null, 'twin');
    expect(onlyTwins.rows.map((row) => row.secretId)).toEqual(['id-a', 'id-b']);
  });
});
