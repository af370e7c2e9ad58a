import { describe, expect, it } from 'vitest';
import { isPageFillResult } from './page-fill-result.js';

describe('isPageFillResult', () => {
  it('takes the page script’s answers, a frame’s question with its origin among them', () => {
    for (const answer of ['filled', 'no-form', 'confirm-insecure', 'wrong-origin'])
      expect(isPageFillResult(answer)).toBe(true);
    expect(isPageFillResult({ askFrame: 'https://auth.example.com' })).toBe(true);
  });

  it('refuses anything else a frame could answer', () => {
    for (const answer of [null, undefined, 'yes', 42, {}, { askFrame: 1 }])
      expect(isPageFillResult(answer)).toBe(false);
  });
});
