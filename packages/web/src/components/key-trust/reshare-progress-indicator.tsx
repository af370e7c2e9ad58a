import { reshareRunner } from '../../crypto-client/reshare-runner.js';
import { useStore } from '../../lib/create-store.js';

/** A small status line while keys are being shared from this browser: how many of how many. */
export function ReshareProgressIndicator() {
  const { running, progress } = useStore(reshareRunner.store);
  if (!running || !progress) return null;
  const toShare = Math.max(0, progress.total - progress.waiting - progress.failed);
  if (toShare === 0) return null;
  const done = Math.min(progress.shared, toShare);
  return (
    <div className="reshare-progress" role="status">
      <span className="reshare-progress__text">
        Sharing missing keys: {done.toLocaleString('en')} of {toShare.toLocaleString('en')}
      </span>
      <progress
        className="reshare-progress__bar"
        max={toShare}
        value={done}
        aria-label="Missing keys shared"
      />
    </div>
  );
}
