import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter.js';

// A scorer whose answer the test picks, so every score's bars can be checked.
const scores: Record<string, number> = { a: 0, b: 1, c: 2, d: 3, e: 4 };
vi.mock('./strength-scorer.js', () => ({
  loadStrengthScorer: async () => (password: string) => scores[password] ?? 0,
}));

function bars() {
  return screen.getAllByTestId('strength-bar').map((bar) => {
    const colour = /strength-meter__bar--(red|amber|green)/.exec(bar.className)?.[1];
    return colour ?? 'empty';
  });
}

describe('the meter bars (spec sections 4 and 9)', () => {
  it('shows zxcvbn scores 0–4 as 1–5 bars: 1 red, 2 to 3 amber, above 3 green', async () => {
    const expected: Record<string, string[]> = {
      a: ['red', 'empty', 'empty', 'empty', 'empty'],
      b: ['amber', 'amber', 'empty', 'empty', 'empty'],
      c: ['amber', 'amber', 'amber', 'empty', 'empty'],
      d: ['green', 'green', 'green', 'green', 'empty'],
      e: ['green', 'green', 'green', 'green', 'green'],
    };
    const { rerender } = render(<PasswordStrengthMeter password="a" />);
    for (const [password, colours] of Object.entries(expected)) {
      rerender(<PasswordStrengthMeter password={password} />);
      await vi.waitFor(() => expect(bars()).toEqual(colours));
    }
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('Very strong');
  });
});
