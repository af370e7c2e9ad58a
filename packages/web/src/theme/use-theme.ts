import { useCallback, useEffect, useLayoutEffect } from 'react';
import { useSaveDarkMode } from '../api/accounts-mutations.js';
import { useSession } from '../session/use-session.js';
import { applyTheme, useDarkMode, writeDarkMode } from './theme-store.js';

/**
 * Keeps <html data-theme> in step with the stored choice, and the stored choice in step with the
 * profile once it loads (the theme is saved on the profile, spec section 1). Mounted once.
 */
export function useThemeSync(): void {
  const dark = useDarkMode();
  const { profile } = useSession();
  const profileDark = profile?.dark_mode;

  // A layout effect, not a passive one: the theme lands in the same commit as the markup, so nothing
  // (a repaint, or a test reading the DOM as soon as an element appears) sees the page without it.
  useLayoutEffect(() => applyTheme(dark), [dark]);
  useEffect(() => {
    if (profileDark !== undefined) writeDarkMode(profileDark);
  }, [profileDark]);
}

/** The theme switch: answers the current theme and a toggle that also saves it on the profile when signed in. */
export function useThemeToggle(): { dark: boolean; toggle: () => void } {
  const dark = useDarkMode();
  const { signedIn } = useSession();
  const { mutate: saveDarkMode } = useSaveDarkMode();

  const toggle = useCallback(() => {
    const next = !dark;
    writeDarkMode(next);
    if (!signedIn) return;
    saveDarkMode(next);
  }, [dark, signedIn, saveDarkMode]);

  return { dark, toggle };
}
