import { downloadRecoveryCodes, printRecoveryCodes } from './recovery-codes-file.js';

/** Shown when the recovery codes cannot be fetched. */
export const RECOVERY_CODES_FAILED_MESSAGE = 'The recovery codes could not be loaded. Please try again.';

/** What the panel shows: the codes once loaded, or that they are loading, or why they are not. */
export interface RecoveryCodesState {
  codes: readonly string[] | undefined;
  pending: boolean;
  error: string | null;
}

/** The recovery codes with Print (this panel only) and Download (a text file). */
export function RecoveryCodesPanel({ codes, pending, error }: RecoveryCodesState) {
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <div className="recovery-codes__print">
        <h3 id="recovery-codes-title">Recovery codes</h3>
        {pending ? <p role="status">Loading…</p> : null}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        {codes ? (
          <ol className="recovery-codes__list" data-testid="recovery-codes">
            {codes.map((code) => (
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
          disabled={!codes}
          onClick={() => printRecoveryCodes()}
        >
          Print
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!codes}
          onClick={() => codes && downloadRecoveryCodes(codes)}
        >
          Download
        </button>
      </div>
    </section>
  );
}
