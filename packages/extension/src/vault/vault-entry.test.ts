import { describe, expect, it } from 'vitest';
import type { VaultEntry } from './vault-entry.js';
import { searchEntries } from './vault-entry.js';

const entry = (name: string, chestName: string, url: string): VaultEntry => ({
  secretId: name,
  revision: 1,
  chestId: 'c',
  chestName,
  name,
  urls: [{ url }],
});

describe('searchEntries', () => {
  const entries = [entry('Mail', 'Office', 'https://mail.test'), entry('Bank', 'Money', 'https://bank.test')];

  it('finds by name, chest or address, ignoring case', () => {
    expect(searchEntries(entries, 'mAIL').map((e) => e.name)).toEqual(['Mail']);
    expect(searchEntries(entries, 'money').map((e) => e.name)).toEqual(['Bank']);
    expect(searchEntries(entries, 'bank.test').map((e) => e.name)).toEqual(['Bank']);
    expect(searchEntries(entries, '  ')).toHaveLength(2);
  });
});
