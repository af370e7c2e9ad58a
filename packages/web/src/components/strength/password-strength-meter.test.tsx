import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter.js';

function bars() {
  return screen.getAllByTestId('strength-bar').map((bar) => {
    const colour = /strength-meter__bar--(red|amber|green)/.exec(bar.className)?.[1];
    return colour ?? 'empty';
  });
}

describe('the password strength meter', () => {
  it('has five bars, all empty for an empty password', () => {
    render(<PasswordStrengthMeter password="" />);
    expect(bars()).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('rates a common password 1 of 5 in red, with the real zxcvbn loaded lazily', {
    timeout: 30_000,
  }, async () => {
    render(<PasswordStrengthMeter password="password" />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    await vi.waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('1'), { timeout: 20_000 });
    expect(bars()).toEqual(['red', 'empty', 'empty', 'empty', 'empty']);
    expect(meter.getAttribute('aria-valuetext')).toBe('Very weak');
  });

  it('rates a long random passphrase 5 of 5 in green', { timeout: 30_000 }, async () => {
    render(<PasswordStrengthMeter password="vR7#qz!Lp2@xW9$mK4" />);
    const meter = screen.getByRole('meter');
    await vi.waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('5'), { timeout: 20_000 });
    expect(bars()).toEqual(['green', 'green', 'green', 'green', 'green']);
  });

  it('rates a password lower when it is built from the user inputs', { timeout: 30_000 }, async () => {
    // Made-up words: strong alone (zxcvbn 4), weak once the scorer knows them as user inputs (zxcvbn 1).
    const password = 'zorbathrixquillmoon';
    const { rerender } = render(<PasswordStrengthMeter password={password} />);
    const meter = screen.getByRole('meter');
    const scoreAlone = await vi.waitFor(
      () => {
        const score = Number(meter.getAttribute('aria-valuenow'));
        expect(score).toBeGreaterThanOrEqual(4);
        return score;
      },
      { timeout: 20_000 },
    );
    rerender(<PasswordStrengthMeter password={password} userInputs={['zorbathrix', 'quillmoon']} />);
    const scoreWithInputs = await vi.waitFor(() => {
      const score = Number(meter.getAttribute('aria-valuenow'));
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThan(4);
      return score;
    });
    expect(scoreWithInputs).toBeLessThan(scoreAlone);
  });
});
