import { useMemo, useSyncExternalStore } from 'react';

// A canvas cannot use CSS variables: charts read the theme's colours (styles/theme.css) as values
// and read them again whenever <html data-theme> changes.

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const readTheme = () => document.documentElement.dataset.theme ?? '';

/**
 * The current values of the given CSS custom properties of <html> (e.g. '--color-text'), in the
 * same order, following theme changes. A variable that is not set answers ''.
 */
export function useCssColours<const Names extends readonly string[]>(
  names: Names,
): { [Index in keyof Names]: string } {
  const theme = useSyncExternalStore(subscribeTheme, readTheme, readTheme);
  const key = names.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme is why the values are read again; `key` stands for `names`.
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    return names.map((name) => style.getPropertyValue(name).trim()) as { [Index in keyof Names]: string };
  }, [theme, key]);
}
