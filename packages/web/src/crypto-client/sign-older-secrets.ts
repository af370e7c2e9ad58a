import type { Secret, SecretPayload } from '@coffer/core';
import { activeUser, isCryptoError } from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { fetchUnsignedSecretIds, readSecretsByIds } from '../api/secrets-api.js';
import { trustLogStore } from '../trust-log/trust-log-store.js';
import { openFetchedSecret } from './open-secret-record.js';
import { requirePrivateKey } from './private-key.js';
import { seenRevisions } from './revision-memory.js';
import { draftOfStored, saveNextRevision } from './save-secret.js';
import { isSecretAccessError } from './secret-access-error.js';

/*
 * Signing the secrets saved before the organisation's trust log (suite 1) as suite 2 (issue 30;
 * docs/web.md, "Signing older secrets"): an administrator's browser asks for the organisation's live
 * secrets without a signed header a page at a time (`GET /api/v1/secrets/unsigned`, ids from their own
 * index), reads them (`POST /api/v1/secrets/read`: ciphertext and the caller's key), and saves each
 * again as its next revision, opened first with every check a read makes: a fresh key wrapped for the
 * log's readers, and a header signed by the administrator. The WebCrypto work runs off the page's
 * thread; a few secrets are worked on side by side.
 */

/** Secrets asked for and read per page. */
const PAGE_SIZE = 100;
/** Secrets signed side by side. */
const LANES = 4;

/** Where a run stands. */
export interface SignOlderProgress {
  /** Secrets without a signed header when the run started, as the server counted them. */
  total: number;
  /** Of those, looked at so far (each once). */
  checked: number;
  /** Saved again with a signed header. */
  signed: number;
  /**
   * Left as they were: someone saved one meanwhile (their save signs it, under a log), a reader's key
   * is not trusted by the log yet, or it did not open (deleted since, its key missing or broken): a
   * later run tries them again.
   */
  skipped: number;
}

/** Why a run cannot start. */
export class SignOlderRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignOlderRefused';
  }
}

export const SIGN_OLDER_NEEDS_ADMINISTRATOR =
  'Only an administrator of the organisation record can sign older secrets.';

/**
 * Signs every readable secret that has no signed header yet. `onProgress` hears each step; `signal`
 * stops the run between secrets (what was signed stays signed). Answers the final progress.
 */
export async function signOlderSecrets(
  userId: string,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: SignOlderProgress) => void } = {},
): Promise<SignOlderProgress> {
  const { log, alarm } = trustLogStore.get();
  if (!log || alarm || activeUser(log.state, userId)?.admin !== true) {
    throw new SignOlderRefused(SIGN_OLDER_NEEDS_ADMINISTRATOR);
  }
  const caller = { userId, privateKey: await requirePrivateKey() };
  const progress: SignOlderProgress = { total: 0, checked: 0, signed: 0, skipped: 0 };
  const signOne = async (secret: Secret) => {
    try {
      const seen = await seenRevisions(userId, secret.id);
      const opened = await openFetchedSecret<SecretPayload>(secret, caller, seen);
      await saveNextRevision(secret, draftOfStored(secret, opened.payload), caller, 'save', {});
      progress.signed += 1;
    } catch (error) {
      // The network gone ends the run; anything about this one secret leaves it for a later run.
      if (error instanceof ApiError && error.status === 0) throw error;
      if (!(error instanceof ApiError) && !isSecretAccessError(error) && !isCryptoError(error)) throw error;
      progress.skipped += 1;
    }
  };
  let after: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const page = await fetchUnsignedSecretIds({ ...(after ? { after } : {}), limit: PAGE_SIZE }, signal);
    // What is left shrinks as the run signs: the first count is the run's whole.
    if (after === undefined) progress.total = page.total;
    if (page.ids.length === 0) break;
    const { items, missing } = await readSecretsByIds(page.ids, signal);
    // Gone since it was listed (deleted, or its key missing for this administrator): left for later.
    progress.checked += missing.length;
    progress.skipped += missing.length;
    onProgress?.({ ...progress });
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        signal?.throwIfAborted();
        const secret = items[next] as Secret;
        next += 1;
        // Signed by someone else meanwhile: nothing to do.
        if (!secret.signed_header) await signOne(secret);
        progress.checked += 1;
        onProgress?.({ ...progress });
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, items.length) }, lane));
    after = page.ids.at(-1);
    if (!page.more) break;
  }
  progress.total = Math.max(progress.total, progress.checked);
  return progress;
}
