// @vitest-environment node
// Joining the steps touches no DOM.
import { describe, expect, it } from 'vitest';
import { TWO_STEP_WINDOW_MS, withEarlierUsername } from './two-step.js';

const passwordStep = {
  step: 'sign-in' as const,
  origin: 'https://auth.example.com',
  url: 'https://auth.example.com/challenge',
  username: '',
  password: 'correct horse',
};
const usernameStep = { url: 'https://login.example.com/identifier', username: 'ann@example.com', at: 1_000 };

describe('withEarlierUsername', () => {
  it('gives the password step the username of the same site’s earlier step', () => {
    expect(withEarlierUsername(passwordStep, usernameStep, 1_000 + 60_000)).toEqual({
      ...passwordStep,
      username: 'ann@example.com',
    });
  });

  it('keeps a username the password step has', () => {
    const own = { ...passwordStep, username: 'bob' };
    expect(withEarlierUsername(own, usernameStep, 2_000)).toBe(own);
  });

  it('ignores a step of another site, a stale one, or none', () => {
    expect(
      withEarlierUsername(passwordStep, { ...usernameStep, url: 'https://example.com.evil.net/' }, 2_000),
    ).toBe(passwordStep);
    expect(withEarlierUsername(passwordStep, usernameStep, 1_000 + TWO_STEP_WINDOW_MS + 1)).toBe(
      passwordStep,
    );
    expect(withEarlierUsername(passwordStep, usernameStep, 999)).toBe(passwordStep);
    expect(withEarlierUsername(passwordStep, null, 2_000)).toBe(passwordStep);
  });
});
