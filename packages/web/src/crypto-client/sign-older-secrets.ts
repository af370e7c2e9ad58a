import type { Secret, SecretPayload } from '@coffer/core';
import { activeUser, isCryptoError } from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { fetchSecretChanges } from '../api/secrets-api.js';
import { trustLogStore } from '../trust-log/trust-log-store.js';
import { openFetchedSecret } from './open-secret-record.js';
import { requirePrivateKey } from './private-key.js';
import { seenRevisions } from './revision-memory.js';
import { draftOfStored, saveNextRevision } from './save-secret.js';
import { isSecretAccessError } from './secret-access-error.js';

/*
 * Signing the secrets saved before the organisation's trust log (suite 1) as suite 2 (issue 30;
 * docs/web.md, "Signing older secrets"): an administrator's browser reads every secret it can read a
 * page at a time (the sync feed, with each secret's ciphertext and the caller's key), and each one
 * without a signed header is opened with every check a read makes and saved again as its next
 * revision: a fresh key wrapped for the log's readers, and a header signed by the administrator. The
 * WebCrypto work runs off the page's thread; a few secrets are worked on side by side.
 */

/** Secrets read per page of the feed. */
const PAGE_SIZE = 100;
/** Secrets signed side by side. */
const LANES = 4;

/** Where a run stands. */
export interface SignOlderProgress {
  /** Readable secrets, as the server last counted them. */
  readable: number;
  /** Secrets looked at so far (each once). */
  checked: number;
  /** Saved again with a signed header. */
  signed: number;
  /**
   * Left as they were: someone saved one meanwhile (their save signs it, under a log), a reader's key
   * is not trusted by the log yet, or it did not open (its key missing or broken): a later run
   * tries them again.
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
  const progress: SignOlderProgress = { readable: 0, checked: 0, signed: 0, skipped: 0 };
  const seen = new Set<string>();
  const signOne = async (secret: Secret) => {
    try {
      const opened = await openFetchedSecret<SecretPayload>(
        secret,
        caller,
        await seenRevisions(userId, secret.id),
      );
      await saveNextRevision(secret, draftOfStored(secret, opened.payload), caller, 'save', {});
      progress.signed += 1;
    } catch (error) {
      // The network gone ends the run; anything about this one secret leaves it for a later run.
      if (error instanceof ApiError && error.status === 0) throw error;
      if (!(error instanceof ApiError) && !isSecretAccessError(error) && !isCryptoError(error)) throw error;
      progress.skipped += 1;
    }
  };
  let cursor: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const page = await fetchSecretChanges({ ...(cursor ? { since: cursor } : {}), limit: PAGE_SIZE }, signal);
    progress.readable = page.readable;
    // A secret signed by this run comes back in a later page as changed: it is looked at once.
    const fresh = page.items.filter((secret) => !seen.has(secret.id));
    for (const secret of fresh) seen.add(secret.id);
    const unsigned = fresh.filter((secret) => !secret.signed_header);
    progress.checked += fresh.length - unsigned.length;
    onProgress?.({ ...progress });
    let next = 0;
    const lane = async () => {
      while (next < unsigned.length) {
        signal?.throwIfAborted();
        const secret = unsigned[next] as Secret;
        next += 1;
        await signOne(secret);
        progress.checked += 1;
        onProgress?.({ ...progress });
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, unsigned.length) }, lane));
    cursor = page.cursor;
    if (!page.more) return progress;
  }
}
