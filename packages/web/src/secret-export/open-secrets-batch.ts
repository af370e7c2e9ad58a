import type { OpenedSecret } from '../crypto-client/open-secret-record.js';
import { openSecretRecord } from '../crypto-client/open-secret-record.js';
import type { SecretAccessError } from '../crypto-client/secret-access-error.js';
import { isSecretAccessError } from '../crypto-client/secret-access-error.js';

/** Secrets opened at once: enough to keep WebCrypto and the network busy, few enough for the server. */
export const OPEN_CONCURRENCY = 6;

/** One secret of a batch: opened, or why it could not be. */
export type BatchOpenResult =
  | { id: string; opened: OpenedSecret; error?: undefined }
  | { id: string; opened?: undefined; error: SecretAccessError };

// What one secret may answer while the rest go on: no key for the caller, or data that fails its check.
function isSkippable(error: unknown): error is SecretAccessError {
  return isSecretAccessError(error, 'not-found') || isSecretAccessError(error, 'integrity');
}

/** Options of a batch open. */
export interface BatchOpenOptions {
  /** Secrets in flight at once (OPEN_CONCURRENCY by default). */
  concurrency?: number;
  /** Called after each secret, opened or not, with how many are done. */
  onSettled?: (done: number) => void;
  signal?: AbortSignal;
}

/**
 * Opens many secrets with the crypto client's own openSecretRecord (fetch, unwrap with the private
 * key, open, check), a few at a time. A secret that cannot be opened (no key for the caller, an
 * integrity failure) is answered with its error and the others go on; any other failure (no private
 * key in this browser, the server, a cancel) stops the whole batch and is thrown. Answers the
 * results in the order of `ids`.
 * Decrypted payloads exist only in the answer, for the caller to use and drop.
 */
export async function openSecretsInBatch(
  ids: readonly string[],
  userId: string,
  { concurrency = OPEN_CONCURRENCY, onSettled, signal }: BatchOpenOptions = {},
): Promise<BatchOpenResult[]> {
  const results: BatchOpenResult[] = new Array(ids.length);
  let next = 0;
  let done = 0;
  // A fatal error in one worker stops the others taking more.
  let stopped = false;
  const worker = async () => {
    while (next < ids.length && !stopped) {
      signal?.throwIfAborted();
      const index = next;
      next += 1;
      const id = ids[index] as string;
      try {
        results[index] = { id, opened: await openSecretRecord(id, userId, signal) };
      } catch (error) {
        if (!isSkippable(error)) {
          stopped = true;
          throw error;
        }
        results[index] = { id, error };
      }
      done += 1;
      onSettled?.(done);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker);
  await Promise.all(workers);
  return results;
}
