import { activeUser } from '@coffer/core';
import {
  cancelSigningOlder,
  signOlderStore,
  startSigningOlder,
} from '../../crypto-client/sign-older-runner.js';
import { useStore } from '../../lib/create-store.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

/** The texts of the part (docs/web.md, "Signing older secrets"). */
export const SIGN_OLDER_TEXT = {
  hint: 'Secrets saved before the organisation record carry no signature of their author, so their name, type and chest are the server’s word. Your browser signs them in the background: each one is saved again with a fresh key, signed by you.',
  start: 'Sign Older Secrets',
  cancel: 'Stop',
  running: (checked: number, total: number, signed: number) =>
    `Signing older secrets: ${checked.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} checked, ${signed.toLocaleString('en-GB')} signed.`,
  done: (signed: number, skipped: number) =>
    skipped === 0
      ? `Older secrets signed: ${signed.toLocaleString('en-GB')} signed, none left.`
      : `Older secrets signed: ${signed.toLocaleString('en-GB')} signed, ${skipped.toLocaleString('en-GB')} left as they were (saved by someone meanwhile, a reader not in the record yet, or a key missing). Run it again later.`,
  cancelled: (signed: number) =>
    `Stopped after signing ${signed.toLocaleString('en-GB')}. What was signed stays signed.`,
} as const;

/**
 * Signing the secrets saved before the record (crypto-client/sign-older-secrets.ts), for an
 * administrator the verified log names: the background's run (sign-older-runner.ts) shows here, and
 * the administrator can start one or stop it. The run goes on while they use the app.
 */
export function SignOlderSecretsPart({ userId }: { userId: string }) {
  const admin = useStore(trustLogStore, (view) =>
    view.log && !view.alarm ? activeUser(view.log.state, userId)?.admin === true : false,
  );
  const run = useStore(signOlderStore);
  if (!admin) return null;
  const progress = run.progress;
  return (
    <div className="settings-row__part" data-testid="sign-older-secrets">
      <p className="settings-row__hint">{SIGN_OLDER_TEXT.hint}</p>
      {run.running ? (
        <>
          <p role="status">
            {SIGN_OLDER_TEXT.running(progress?.checked ?? 0, progress?.total ?? 0, progress?.signed ?? 0)}
          </p>
          <progress max={Math.max(progress?.total ?? 1, 1)} value={progress?.checked ?? 0} />
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={cancelSigningOlder}
          >
            {SIGN_OLDER_TEXT.cancel}
          </button>
        </>
      ) : (
        <>
          {run.ended ? <EndedRun /> : null}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void startSigningOlder(userId)}
          >
            {SIGN_OLDER_TEXT.start}
          </button>
        </>
      )}
    </div>
  );
}

function EndedRun() {
  const { progress, ended, manual } = useStore(signOlderStore);
  if (!ended) return null;
  if (ended.error) return <p role="alert">{ended.error}</p>;
  const signed = progress?.signed ?? 0;
  // A background run that found nothing to sign says nothing.
  if (!manual && signed === 0 && (progress?.skipped ?? 0) === 0) return null;
  return (
    <p role="status">
      {ended.cancelled
        ? SIGN_OLDER_TEXT.cancelled(signed)
        : SIGN_OLDER_TEXT.done(signed, progress?.skipped ?? 0)}
    </p>
  );
}
