import { describe, expect, it } from 'vitest';
import { stripJsonSuffix } from './json-suffix.js';

describe('stripJsonSuffix', () => {
  it('drops .json from API paths and keeps the query', () => {
    expect(stripJsonSuffix('/api/v1/secrets.json')).toBe('/api/v1/secrets');
    expect(stripJsonSuffix('/users/sign_in.json')).toBe('/users/sign_in');
    expect(stripJsonSuffix('/users.json')).toBe('/users');
    expect(stripJsonSuffix('/users/confirmation.json?confirmation_token=x.json')).toBe(
      '/users/confirmation?confirmation_token=x.json',
    );
  });

  it('leaves other paths alone', () => {
    expect(stripJsonSuffix('/api/v1/secrets')).toBe('/api/v1/secrets');
    expect(stripJsonSuffix('/assets/manifest.json')).toBe('/assets/manifest.json');
    expect(stripJsonSuffix('/api/v1/items?format=.json')).toBe('/api/v1/items?format=.json');
  });
});
