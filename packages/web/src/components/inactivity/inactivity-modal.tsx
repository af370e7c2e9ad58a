import { INACTIVITY_WARNING_SECONDS } from '@coffer/core';
import { useEffect, useState } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from '../modals/modal-dialog.js';

/** The warning's title (spec section 2). */
export const INACTIVITY_TITLE = 'Session Expire Warning';

/** What the user chose: stay, or log out (also when the countdown reaches 0). */
export type InactivityChoice = 'stay' | 'logout';

/** The inactivity warning: a 60-second countdown, 'Stay Logged In' and 'Logout'; Esc stays. */
export function InactivityModal({ onChoice }: { onChoice: (choice: InactivityChoice) => void }) {
  const [remaining, setRemaining] = useState(INACTIVITY_WARNING_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setRemaining((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (remaining === 0) onChoice('logout');
  }, [remaining, onChoice]);

  return (
    <ModalDialog
      title={INACTIVITY_TITLE}
      subtext="You have not used Coffer for a while. For your security you will be logged out."
      onCancel={() => onChoice('stay')}
    >
      <p className="inactivity__countdown" aria-live="polite" aria-atomic="true">
        Logging out in <strong data-testid="inactivity-countdown">{remaining}</strong> seconds.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onChoice('logout')}>
          Logout
        </button>
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={() => onChoice('stay')}
        >
          Stay Logged In
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the warning; answers the choice, and a function that closes it from outside (session ended). */
export function openInactivityWarning(): { choice: Promise<InactivityChoice>; close: () => void } {
  let closeModal: () => void = () => undefined;
  const choice = openModal<InactivityChoice>((close) => {
    closeModal = () => close();
    return <InactivityModal onChoice={close} />;
  }).then((result) => result ?? 'stay');
  return { choice, close: () => closeModal() };
}
