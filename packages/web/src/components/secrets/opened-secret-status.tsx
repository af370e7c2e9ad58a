import type { OpenedSecretState } from './use-opened-secret.js';

interface OpenedSecretStatusProps {
  /** The state of a secret being opened; renders nothing once it is open. */
  state: OpenedSecretState;
  /** The panel's class and accessible name, so the status stands where the panel will. */
  className: string;
  label: string;
  onClose: () => void;
}

/**
 * What the viewer and the edit panel show while a secret decrypts, and when it cannot be opened: the
 * error's own message (an integrity failure, a missing key or one that did not open, reported by the
 * crypto client), never partial or wrong data.
 */
export function OpenedSecretStatus({ state, className, label, onClose }: OpenedSecretStatusProps) {
  if (state.status === 'loading') {
    return (
      <section className={className} aria-label={label} aria-busy="true">
        <p role="status">Decrypting…</p>
      </section>
    );
  }
  if (state.status === 'ready') return null;
  return (
    <section className={className} aria-label={label}>
      <p className="secret-viewer__error" role="alert" data-error-kind={state.error.kind}>
        {state.error.message}
      </p>
      <div className={`${className}__actions`}>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
