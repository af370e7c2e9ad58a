import { activeUser } from '@coffer/core';
import {
  cancelSigningOlder,
  signOlderStore,
  startSigningOlder,
} from '../../crypto-client/sign-older-runner.js';
import { useStore } from '../../lib/create-store.js';
import { useSession } from '../../session/use-session.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

/** The texts of the part (docs/web.md, "Signing older secrets"). */
export const SIGN_OLDER_TEXT = {
  hint: 'Secrets saved before the organisation record carry no signature of their author, so their name, type and chest are the server’s word. Signing them saves each one again with a fresh key, signed by you.',
  start: 'Sign Older Secrets',
  cancel: 'Stop',
  running: (checked: number, readable: number, signed: number) =>
    `Signing older secrets: ${checked.toLocaleString('en-GB')} of ${readable.toLocaleString('en-GB')} checked, ${signed.toLocaleString('en-GB')} signed.`,
  done: (signed: number, skipped: number) =>
    skipped === 0
      ? `Older secrets signed: ${signed.toLocaleString('en-GB')} signed, none left.`
      : `Older secrets signed: ${signed.toLocaleString('en-GB')} signed, ${skipped.toLocaleString('en-GB')} left as they were (saved by someone meanwhile, a reader not in the record yet, or a key missing). Run it again later.`,
  cancelled: (signed: number) =>
    `Stopped after signing ${signed.toLocaleString('en-GB')}. What was signed stays signed.`,
} as const;

/**
 * Signing the secrets saved before the record (crypto-client/sign-older-secrets.ts), for an
 * administrator the verified log names. The run goes on while they use the app; its progress is here.
 */
export function SignOlderSecretsPart() {
  const { profile } = useSession();
  const admin = useStore(trustLogStore, (view) =>
    view.log && !view.alarm && profile ? activeUser(view.log.state, profile.id)?.admin === true : false,
  );
  const run = useStore(signOlderStore);
  if (!admin || !profile) return null;
  const progress = run.progress;
  return (
    <div className="settings-row__part" data-testid="sign-older-secrets">
      <p className="settings-row__hint">{SIGN_OLDER_TEXT.hint}</p>
      {run.running ? (
        <>
          <p role="status">
            {SIGN_OLDER_TEXT.running(progress?.checked ?? 0, progress?.readable ?? 0, progress?.signed ?? 0)}
          </p>
          <progress max={Math.max(progress?.readable ?? 1, 1)} value={progress?.checked ?? 0} />
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
            onClick={() => void startSigningOlder(profile.id)}
          >
            {SIGN_OLDER_TEXT.start}
          </button>
        </>
      )}
    </div>
  );
}

function EndedRun() {
  const { progress, ended } = useStore(signOlderStore);
  if (!ended) return null;
  if (ended.error) return <p role="alert">{ended.error}</p>;
  const signed = progress?.signed ?? 0;
  return (
    <p role="status">
      {ended.cancelled
        ? SIGN_OLDER_TEXT.cancelled(signed)
        : SIGN_OLDER_TEXT.done(signed, progress?.skipped ?? 0)}
    </p>
  );
}
