import { KEYSHARE_FETCH_LIMIT } from '@coffer/core';
import { useManualReshare } from '../../../components/key-trust/use-manual-reshare.js';
import { ProgressBar } from '../../../components/progress/progress-bar.js';

const count = (value: number) => value.toLocaleString('en-GB');

/**
 * Reshare Missing Keys: shares, from this browser, the keys that colleagues who were given access
 * still lack (the shared useManualReshare: 'Sharing Missing Secrets to Users in the product...',
 * then how many were shared, or 'No Missing Keys in the product!'); a progress bar in the row while
 * there are many, more than one round of the server's list.
 */
export function ReshareRow() {
  const { total, sharing, progress, reshare } = useManualReshare();
  const status =
    total === null
      ? 'Counting missing keys…'
      : total === 0
        ? 'No key is missing.'
        : total === 1
          ? '1 secret key is missing for a colleague who was given access.'
          : `${count(total)} secret keys are missing for colleagues who were given access.`;
  const toShare = progress ? Math.max(0, progress.total - progress.waiting - progress.failed) : 0;
  return (
    <div className="settings-row">
      <h3 className="settings-row__label">Reshare Missing Keys</h3>
      <p className="settings-row__value">{status}</p>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void reshare()}
        disabled={sharing}
      >
        Reshare Missing Keys
      </button>
      {sharing && progress && toShare > KEYSHARE_FETCH_LIMIT ? (
        <div className="settings-row__progress">
          <ProgressBar
            label="Resharing missing keys"
            done={Math.min(progress.shared, toShare)}
            total={toShare}
            text={`${count(Math.min(progress.shared, toShare))} of ${count(toShare)} keys shared`}
          />
        </div>
      ) : null}
    </div>
  );
}
