import { STRENGTH_MAX, strengthColour } from '@coffer/core';
import { STRENGTH_LABELS } from './strength-labels.js';
import { usePasswordStrength } from './use-password-strength.js';
import './strength.css';

export { STRENGTH_LABELS } from './strength-labels.js';

/** Props of the password strength meter. */
export interface PasswordStrengthMeterProps {
  password: string;
  /** Words the user typed elsewhere (name, e-mail, company): a password built from them scores lower. */
  userInputs?: readonly string[];
}

const BARS = Array.from({ length: STRENGTH_MAX }, (_, index) => index + 1);

/**
 * The five-bar password strength meter (spec sections 4 and 9): as many bars filled as the strength
 * (1–5), red at 1, amber at 2 to 3, green above 3. zxcvbn loads lazily on the first keystroke.
 */
export function PasswordStrengthMeter({ password, userInputs }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, userInputs);
  const colour = strength === null ? null : strengthColour(strength);
  const label = strength === null ? '' : (STRENGTH_LABELS[strength - 1] ?? '');
  return (
    // biome-ignore lint/a11y/useSemanticElements: the meter is drawn as five coloured bars, which <meter> cannot style across browsers
    <div
      className="strength-meter"
      role="meter"
      aria-label="Password strength"
      aria-valuemin={0}
      aria-valuemax={STRENGTH_MAX}
      aria-valuenow={strength ?? 0}
      aria-valuetext={label || 'Not rated'}
      data-strength={strength ?? 0}
    >
      <div className="strength-meter__bars" aria-hidden="true">
        {BARS.map((bar) => {
          const filled = strength !== null && bar <= strength;
          const className = filled
            ? `strength-meter__bar strength-meter__bar--filled strength-meter__bar--${colour}`
            : 'strength-meter__bar';
          return <span key={bar} className={className} data-testid="strength-bar" />;
        })}
      </div>
      <span className="strength-meter__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
