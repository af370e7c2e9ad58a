import { useEffect, useState } from 'react';
import type { OpenedSecret } from '../../crypto-client/open-secret-record.js';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { SecretAccessError } from '../../crypto-client/secret-access-error.js';
import { toSecretAccessError } from '../../crypto-client/to-secret-access-error.js';

/** Where opening a secret stands. The decrypted payload lives only in this state, never in a cache. */
export type OpenedSecretState =
  | { status: 'loading' }
  | { status: 'ready'; opened: OpenedSecret }
  | { status: 'error'; error: SecretAccessError };

/** A secret that cannot be read, shown with `message` (one its opening never asked the server for, too). */
export function notFoundState(message: string): OpenedSecretState {
  return { status: 'error', error: new SecretAccessError('not-found', message) };
}

/** Fetches and decrypts a secret whenever `secretId` changes; dropping the state drops the plaintext. */
export function useOpenedSecret(secretId: string, userId: string): OpenedSecretState {
  const [state, setState] = useState<OpenedSecretState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    openSecretRecord(secretId, userId, controller.signal).then(
      (opened) => {
        if (!controller.signal.aborted) setState({ status: 'ready', opened });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: toSecretAccessError(error) });
      },
    );
    return () => controller.abort();
  }, [secretId, userId]);

  return state;
}
