import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchMissingKeys } from '../../api/secret-keys-api.js';
import { reshareMissingKeys } from '../../crypto-client/reshare-keys.js';
import { useSession } from '../../session/use-session.js';
import { notify } from '../notifications/index.js';

/** Spec section 8's reshare notices. */
export const RESHARE_STARTED = 'Sharing Missing Secrets to Users in the product...';
export const RESHARE_NOTHING = 'No Missing Keys in the product!';

const missingKeysQueryKey = ['secret-keys', 'missing'] as const;

// Each round shares what the server lists (up to its page of 500); stop when nothing more moves.
async function reshareEverything(userId: string): Promise<number> {
  let shared = 0;
  for (;;) {
    const round = await reshareMissingKeys(userId);
    shared += round.shared;
    if (round.shared === 0 || round.missing === round.shared + round.failed) return shared;
  }
}

/**
 * Tells an administrator that colleagues who were given access still lack the key of some secrets
 * (a newcomer to a team, a chest newly linked), and fills them from this browser on request. The
 * administrator acts rather than the app silently wrapping keys for whatever public key the server
 * names: crypto.md's defence against a server that slips in a key of its own starts with a person
 * who knows who joined.
 */
export function MissingKeysNotice() {
  const { profile, isAdministrator } = useSession();
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState(false);
  const missing = useQuery({
    queryKey: missingKeysQueryKey,
    queryFn: () => fetchMissingKeys({ kind: 'all' }),
    enabled: isAdministrator,
    staleTime: 60_000,
  });
  const total = missing.data?.total ?? 0;
  if (!isAdministrator || !profile || total === 0) return null;

  const reshare = async () => {
    setSharing(true);
    notify({ type: 'info', message: RESHARE_STARTED });
    try {
      const shared = await reshareEverything(profile.id);
      notify(
        shared === 0
          ? { type: 'info', message: RESHARE_NOTHING }
          : { type: 'success', message: `${shared} missing ${shared === 1 ? 'key' : 'keys'} shared.` },
      );
    } catch (error) {
      notify({
        type: 'error',
        message: error instanceof Error ? error.message : 'Sharing the missing keys failed.',
      });
    } finally {
      setSharing(false);
      await queryClient.invalidateQueries({ queryKey: missingKeysQueryKey });
    }
  };

  return (
    <section className="missing-keys" aria-label="Missing keys">
      <p className="missing-keys__text">
        {total === 1
          ? '1 secret key is missing for a colleague who was given access.'
          : `${total} secret keys are missing for colleagues who were given access.`}
      </p>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={reshare}
        disabled={sharing}
      >
        Reshare Missing Keys
      </button>
    </section>
  );
}
