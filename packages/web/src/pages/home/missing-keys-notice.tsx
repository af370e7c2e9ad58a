import { useManualReshare } from '../../components/key-trust/use-manual-reshare.js';
import { useSession } from '../../session/use-session.js';

export { RESHARE_NOTHING, RESHARE_STARTED } from '../../components/key-trust/use-manual-reshare.js';

/**
 * Tells an administrator that colleagues who were given access still lack the key of some secrets
 * (a newcomer to a team, a chest newly linked, a reset), and fills them from this browser on
 * request. The count comes from the background reshare (components/key-trust), which delivers what
 * it may on its own; the button runs it now, and asks about anyone this browser does not trust yet
 * by name, e-mail and fingerprint instead of wrapping for whatever public key the server names.
 */
export function MissingKeysNotice() {
  const { profile, isAdministrator } = useSession();
  const { reshare, sharing, total } = useManualReshare();
  const missing = total ?? 0;
  if (!isAdministrator || !profile || missing === 0) return null;

  return (
    <section className="missing-keys" aria-label="Missing keys">
      <p className="missing-keys__text">
        {missing === 1
          ? '1 secret key is missing for a colleague who was given access.'
          : `${missing} secret keys are missing for colleagues who were given access.`}
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => void reshare()}
        disabled={sharing}
      >
        Reshare Missing Keys
      </button>
    </section>
  );
}
