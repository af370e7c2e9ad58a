import { describe, expect, it } from 'vitest';
import { secretWebAppAddress } from './web-app-address.js';

const ID = '0b7e5a52-3c1d-4f6e-9a8b-1c2d3e4f5a6b';

describe('secretWebAppAddress', () => {
  it("is the web app's address of the secret on the session's server", () => {
    expect(secretWebAppAddress('https://coffer.example.com', ID)).toBe(
      `https://coffer.example.com/secrets/${ID}`,
    );
    expect(secretWebAppAddress('http://127.0.0.1:8181', ID)).toBe(`http://127.0.0.1:8181/secrets/${ID}`);
  });

  it('keeps whatever an id holds inside its one path segment', () => {
    const address = new URL(secretWebAppAddress('https://coffer.example.com', '../admin?x=1#y'));
    expect(address.origin).toBe('https://coffer.example.com');
    expect(address.pathname).toBe('/secrets/..%2Fadmin%3Fx%3D1%23y');
    expect(address.search).toBe('');
    expect(address.hash).toBe('');
  });
});
