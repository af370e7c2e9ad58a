import { describe, expect, it } from 'vitest';
import type { VaultEntry } from './vault-entry.js';
import { queryFilter } from './vault-entry.js';

const entry = (name: string, chestName: string, url: string): VaultEntry => ({
  secretId: name,
  revision: 1,
  chestId: 'c',
  chestName,
  name,
  urls: [{ url }],
});

describe('queryFilter', () => {
  const entries = [entry('Mail', 'Office', 'https://mail.test'), entry('Bank', 'Money', 'https://bank.test')];

  it('finds by name, chest or address, ignoring case', () => {
    const search = (query: string) => entries.filter(queryFilter(query)).map((e) => e.name);
    expect(search('mAIL')).toEqual(['Mail']);
    expect(search('money')).toEqual(['Bank']);
    expect(search('bank.test')).toEqual(['Bank']);
    expect(search('  ')).toEqual(['Mail', 'Bank']);
  });
});
