import type { WelcomeUser } from '@coffer/core';
import { welcomeMenuItems } from '@coffer/core';
import { useNavigate } from 'react-router';
import { WELCOME_STEP_LABELS, WELCOME_STEP_PATHS } from './welcome-steps.js';

/**
 * The /welcome menu's buttons (spec section 2): 'Let's explore the product' (administrators,
 * optional), 'Setup a personal password' (when it must change or for non-administrators), 'Setup
 * Two-Step Verification' (optional for administrators), 'Add your first Secret' (administrators).
 * A finished step is shown done and cannot be started again.
 */
export function WelcomeMenu({ user }: { user: WelcomeUser }) {
  const navigate = useNavigate();
  return (
    <ul className="welcome-menu">
      {welcomeMenuItems(user).map((item) => (
        <li key={item.step}>
          <button
            type="button"
            className="welcome-menu__item"
            disabled={item.done}
            onClick={() => void navigate(WELCOME_STEP_PATHS[item.step])}
          >
            <span>{WELCOME_STEP_LABELS[item.step]}</span>
            <span className="welcome-menu__tag">
              {item.done ? '✓ Done' : item.optional ? 'Optional' : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
