/** The message of a figure that could not be loaded. */
export const LOAD_FAILED_TEXT = 'The statistics could not be loaded. Please try again.';

/** A failed load, with a button to ask again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="datadashboard__state datadashboard__state--error" role="alert">
      <p>{LOAD_FAILED_TEXT}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
