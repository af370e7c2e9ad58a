import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCssColours } from './use-css-colours.js';

const NAMES = ['--color-text', '--color-border'] as const;

function Colours() {
  const [text, border] = useCssColours(NAMES);
  return <p>{`${text}|${border}`}</p>;
}

const root = document.documentElement;

afterEach(() => {
  root.style.removeProperty('--color-text');
  root.style.removeProperty('--color-border');
});

describe('useCssColours', () => {
  it("reads the theme's variables, and reads them again when <html data-theme> changes", async () => {
    root.dataset.theme = 'light';
    root.style.setProperty('--color-text', '#1a1d23');
    root.style.setProperty('--color-border', '#dde1e7');
    render(<Colours />);
    expect(screen.getByText('#1a1d23|#dde1e7')).toBeTruthy();

    // What the dark set would give: the values change with the attribute, as theme.css switches them.
    root.style.setProperty('--color-text', '#e6e8ec');
    root.style.setProperty('--color-border', '#2c333f');
    await act(async () => {
      root.dataset.theme = 'dark';
    });
    expect(await screen.findByText('#e6e8ec|#2c333f')).toBeTruthy();
  });

  it("answers '' for a variable that is not set", () => {
    render(<Colours />);
    expect(screen.getByText('|')).toBeTruthy();
  });
});
