// @vitest-environment node
// Matching touches no DOM: Node starts faster than jsdom.
import { describe, expect, it } from 'vitest';
import { rankSecrets } from './rank-secrets.js';

describe('rankSecrets', () => {
  const entries = [
    { id: 'site', name: 'Example (main site)', urls: [{ url: 'https://example.com' }] },
    { id: 'host', name: 'Example login host', urls: [{ url: 'https://login.example.com' }] },
    {
      id: 'exact',
      name: 'Zeta exact',
      urls: [{ url: 'https://login.example.com/signin', match: 'exact' as const }],
    },
    {
      id: 'prefix',
      name: 'Prefix',
      urls: [{ url: 'https://login.example.com/sign', match: 'starts-with' as const }],
    },
    { id: 'host2', name: 'Another host', urls: [{ url: 'https://login.example.com' }] },
    { id: 'other', name: 'Other', urls: [{ url: 'https://other.net' }] },
  ];

  it('orders exact, then starts-with, then the same host, then the same site; drops the rest', () => {
    const ranked = rankSecrets('https://login.example.com/signin', entries);
    expect(ranked.map((r) => r.entry.id)).toEqual(['exact', 'prefix', 'host2', 'host', 'site']);
    expect(ranked[0]?.match).toEqual({
      kind: 'exact',
      insecure: false,
      url: 'https://login.example.com/signin',
    });
  });

  it('puts a match that needs the http warning after its equals', () => {
    const ranked = rankSecrets('http://example.com/', [
      { name: 'A https', urls: [{ url: 'https://example.com' }] },
      { name: 'B http', urls: [{ url: 'http://example.com' }] },
    ]);
    expect(ranked.map((r) => [r.entry.name, r.match.insecure])).toEqual([
      ['B http', false],
      ['A https', true],
    ]);
  });

  it('is empty for a page no secret matches, or that is not the web', () => {
    expect(rankSecrets('https://nowhere.org/', entries)).toEqual([]);
    expect(rankSecrets('file:///login.example.com/signin', entries)).toEqual([]);
  });
});
