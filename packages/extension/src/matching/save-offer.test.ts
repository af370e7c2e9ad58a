// @vitest-environment node
// Matching touches no DOM: Node starts faster than jsdom.
import { describe, expect, it } from 'vitest';
import { saveOfferFor } from './save-offer.js';

const held = [
  { id: 'a', urls: [{ url: 'https://example.com' }], username: 'Ann@Example.com', password: 'old secret' },
  { id: 'b', urls: [{ url: 'https://other.net' }], username: 'bob', password: 'bobs secret' },
];

describe('saveOfferFor', () => {
  it('offers nothing when the page’s secret holds these credentials', () => {
    const submitted = { username: ' ann@example.com ', password: 'old secret' };
    expect(saveOfferFor('https://login.example.com/', submitted, held)).toEqual({ offer: 'none' });
  });

  it('offers to update the secret whose username signed in with another password', () => {
    const submitted = { username: 'ann@example.com', password: 'new secret' };
    expect(saveOfferFor('https://example.com/', submitted, held)).toEqual({
      offer: 'update',
      entry: held[0],
    });
  });

  it('offers to save a username the page’s secrets do not have', () => {
    expect(saveOfferFor('https://example.com/', { username: 'carol', password: 'x' }, held)).toEqual({
      offer: 'save',
    });
  });

  it('does not count a secret of another site', () => {
    expect(saveOfferFor('https://example.com/', { username: 'bob', password: 'bobs secret' }, held)).toEqual({
      offer: 'save',
    });
  });

  it('offers nothing without a password', () => {
    expect(saveOfferFor('https://example.com/', { username: 'carol', password: '' }, held)).toEqual({
      offer: 'none',
    });
  });
});
