import type { UseQueryResult } from '@tanstack/react-query';
import { downloadRecoveryCodes, printRecoveryCodes } from './recovery-codes-file.js';

/** Shown when the recovery codes cannot be fetched. */
export const RECOVERY_CODES_FAILED_MESSAGE = 'The recovery codes could not be loaded. Please try again.';

/** SUCCESS: two-step is on; the recovery codes with Print and Download, then Continue. */
export function TwoFactorSuccessStep({
  codes,
  onContinue,
}: {
  codes: UseQueryResult<string[]>;
  onContinue: () => void;
}) {
  return (
    <div className="two-factor__step">
      <h2 className="two-factor__title">Two-Step Verification is on</h2>
      <p>
        From now on you log in with your password and a code from your app. If you lose your phone, a recovery
        code lets you in once. Keep these codes somewhere safe, away from your password.
      </p>
      <section className="recovery-codes" aria-labelledby="recovery-codes-title">
        <div className="recovery-codes__print">
          <h3 id="recovery-codes-title">Recovery codes</h3>
          {codes.isPending ? <p role="status">Loading…</p> : null}
          {codes.isError ? (
            <p className="field__error" role="alert">
              {codes.error?.message ?? RECOVERY_CODES_FAILED_MESSAGE}
            </p>
          ) : null}
          {codes.data ? (
            <ol className="recovery-codes__list" data-testid="recovery-codes">
              {codes.data.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
        <div className="recovery-codes__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={!codes.data}
            onClick={() => printRecoveryCodes()}
          >
            Print
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!codes.data}
            onClick={() => codes.data && downloadRecoveryCodes(codes.data)}
          >
            Download
          </button>
        </div>
      </section>
      <div className="form-card__actions">
        <button type="button" className="button button--primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </div>
  );
}
