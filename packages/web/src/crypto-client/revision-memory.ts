import { withKeyDatabaseStore } from '../keys/key-database.js';
import { olderRevisionMessage, SecretAccessError } from './secret-access-error.js';

/*
 * The highest revision each signed-in user has seen of each secret (crypto.md, "Replaying an old
 * version"), kept in IndexedDB ('coffer-keys', store 'revisions') under `${userId}:${secretId}` so
 * that a reload, a lock or a new sign-in in this browser still refuses a rolled-back secret.
 *
 * Like pins and trust records, marks are not key material and are NOT deleted when the session
 * ends: a mark forgotten at logout would let the server replay an old revision at the next sign-in.
 * A new browser or a cleared profile starts from nothing (review T6).
 */

/** One stored mark: the secret and the highest revision seen of it. */
interface RevisionMark {
  secretId: string;
  revision: number;
}

// What this page has seen: answers at once when IndexedDB fails, and covers a write still on its way.
const remembered = new Map<string, number>();

function markId(userId: string, secretId: string): string {
  return `${userId}:${secretId}`;
}

function storedRevision(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { revision } = value as Partial<RevisionMark>;
  return Number.isSafeInteger(revision) ? revision : undefined;
}

function higher(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/**
 * The highest revision `userId` has seen of a secret in this browser, if any. Reads IndexedDB each
 * time (one small get, started alongside the secret's fetch) so that another tab's marks count too.
 */
export async function highestRevision(userId: string, secretId: string): Promise<number | undefined> {
  const id = markId(userId, secretId);
  let stored: number | undefined;
  try {
    stored = storedRevision(await withKeyDatabaseStore<unknown>('revisions', 'readonly', (s) => s.get(id)));
  } catch {
    // What this page saw is all there is.
  }
  return higher(stored, remembered.get(id));
}

/**
 * Refuses a revision older than the highest seen (a 'rollback' SecretAccessError naming both).
 * `seen` is highestRevision's answer, fetched ahead so the check costs no extra wait.
 */
export function refuseOlderRevision(revision: number, seen: number | undefined): void {
  if (seen !== undefined && revision < seen) {
    throw new SecretAccessError('rollback', olderRevisionMessage(revision, seen));
  }
}

/**
 * Records a revision `userId` opened or saved, if it is higher than the mark. Call it only once the
 * revision proved genuine (it opened, or the server stored the save): a mark is never lowered, so a
 * made-up revision must not raise one.
 */
export async function recordRevision(userId: string, secretId: string, revision: number): Promise<void> {
  const id = markId(userId, secretId);
  const known = remembered.get(id);
  if (known !== undefined && known >= revision) return;
  remembered.set(id, revision);
  try {
    await withKeyDatabaseStore('revisions', 'readwrite', (store) => {
      // Read and write in one transaction: another tab may have stored a higher mark meanwhile.
      const reading = store.get(id);
      reading.onsuccess = () => {
        const stored = storedRevision(reading.result);
        if (stored === undefined || stored < revision) {
          const mark: RevisionMark = { secretId, revision };
          store.put(mark, id);
        }
      };
      return reading;
    });
  } catch {
    // Kept in memory only: this page still refuses an older revision.
  }
}
