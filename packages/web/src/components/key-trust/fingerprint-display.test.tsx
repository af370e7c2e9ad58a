import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FingerprintDisplay } from './fingerprint-display.js';

const HEX = '8b87 754c 632a 6212 62f6 2278 25fe d36d f741 52a7 6858 f5b8 0fdb 9581 d6fc 04c5';

describe('FingerprintDisplay', () => {
  it('shows the fingerprint as its 8 words and as the full hex', () => {
    render(<FingerprintDisplay fingerprint={HEX} />);
    expect(screen.getByTestId('fingerprint-words').textContent).toBe(
      'merit desert fantasy shock plate ankle mesh session',
    );
    expect(screen.getByTestId('fingerprint-hex').textContent).toBe(HEX);
  });

  it('shows only the hex when the value is not a fingerprint, rather than failing the screen', () => {
    render(<FingerprintDisplay fingerprint="not a fingerprint" />);
    expect(screen.queryByTestId('fingerprint-words')).toBeNull();
    expect(screen.getByTestId('fingerprint-hex').textContent).toBe('not a fingerprint');
  });
});
