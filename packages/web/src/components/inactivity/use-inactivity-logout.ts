import { NEVER, resolveInactivityMinutes } from '@coffer/core';
import { useEffect } from 'react';
import { useSession, useSessionActions } from '../../session/use-session.js';
import { openInactivityWarning } from './inactivity-modal.js';

// Activity is what the spec names: a click or a key press (anywhere in the page, seen before any handler).
const ACTIVITY_EVENTS = ['click', 'keydown'] as const;

/**
 * Auto logout (spec section 4): after the organisation's inactivity_length minutes (10 when the
 * profile has no number; -1 never) without a click or key press, the 'Session Expire Warning'
 * counts down 60 seconds; 'Stay Logged In' restarts the timer, 'Logout' or 0 logs out, which
 * deletes the private key with the rest of the session. Mounted once by the root layout.
 */
export function useInactivityLogout(): void {
  const { signedIn, profile } = useSession();
  const { logOut } = useSessionActions();
  const minutes = profile ? resolveInactivityMinutes(profile.inactivity_length) : null;

  useEffect(() => {
    if (!signedIn || minutes === null || minutes === NEVER || minutes <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let warning: ReturnType<typeof openInactivityWarning> | null = null;
    let active = true;

    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(warn, minutes * 60_000);
    };
    const onActivity = () => {
      // While the warning shows, only its buttons decide.
      if (!warning) arm();
    };
    const warn = async () => {
      warning = openInactivityWarning();
      const choice = await warning.choice;
      warning = null;
      if (!active) return;
      if (choice === 'logout') void logOut();
      else arm();
    };

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, true);
    arm();
    return () => {
      active = false;
      clearTimeout(timer);
      warning?.close();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, true);
    };
  }, [signedIn, minutes, logOut]);
}
