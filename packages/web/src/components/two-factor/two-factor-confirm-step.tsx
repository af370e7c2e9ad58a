/** The CONFIRM step's question (spec section 4). */
export const SAVED_CODES_QUESTION = 'Did you save your recovery codes?';

/** CONFIRM: 'Did you save your recovery codes?' Yes finishes, Back returns to the codes. */
export function TwoFactorConfirmStep({
  onYes,
  onBack,
  busy,
}: {
  onYes: () => void;
  onBack: () => void;
  busy: boolean;
}) {
  return (
    <div className="two-factor__step">
      <h2 className="two-factor__title">{SAVED_CODES_QUESTION}</h2>
      <p>Without them, losing your phone means asking an administrator to reset your account.</p>
      <div className="form-card__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button--primary" onClick={onYes} disabled={busy}>
          Yes
        </button>
      </div>
    </div>
  );
}
