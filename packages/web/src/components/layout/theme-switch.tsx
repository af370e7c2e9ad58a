import { useThemeToggle } from '../../theme/use-theme.js';

/** The dark/light switch; the choice is kept in localStorage and, when signed in, on the profile. */
export function ThemeSwitch() {
  const { dark, toggle } = useThemeToggle();
  return (
    <button type="button" role="switch" aria-checked={dark} className="theme-switch" onClick={toggle}>
      <span className="theme-switch__track" aria-hidden="true">
        <span className="theme-switch__thumb" />
      </span>
      <span className="theme-switch__label">Dark mode</span>
    </button>
  );
}
