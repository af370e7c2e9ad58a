import { signOlderStore } from '../../crypto-client/sign-older-runner.js';
import { useStore } from '../../lib/create-store.js';

/** A small status line while this browser signs older secrets: how many of how many. */
export function SigningProgressIndicator() {
  const { running, progress } = useStore(signOlderStore);
  if (!running || !progress || progress.total === 0) return null;
  const done = Math.min(progress.checked, progress.total);
  return (
    <div className="reshare-progress" role="status">
      <span className="reshare-progress__text">
        Signing older secrets: {done.toLocaleString('en')} of {progress.total.toLocaleString('en')}
      </span>
      <progress
        className="reshare-progress__bar"
        max={progress.total}
        value={done}
        aria-label="Older secrets signed"
      />
    </div>
  );
}
