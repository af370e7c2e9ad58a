import { withKeyDatabaseStore } from '../keys/key-database.js';
import { olderRevisionMessage, SecretAccessError } from './secret-access-error.js';

/*
 * The highest revision each signed-in user has seen of each secret (crypto.md, "Fresh keys and
 * revision memory"), kept in IndexedDB ('coffer-keys', store 'revisions') under
 * `${userId}:${secretId}` so that a reload, a lock or a new sign-in in this browser still refuses a
 * rolled-back secret.
 *
 * Like pins and trust records, marks are not key material and are NOT deleted when the session
 * ends: a mark forgotten at logout would let the server replay an old revision at the next sign-in.
 * A new browser or a cleared profile starts from nothing (review T6).
 *
 * Opening a secret must cost what it did when the marks lived in memory, so a user's marks are read
 * from IndexedDB once per page (at their first open) and kept here; other tabs of the browser
 * announce the marks they raise on a BroadcastChannel, so that no tab goes on with a lower one.
 */

/** One stored mark: the secret and the highest revision seen of it. */
interface RevisionMark {
  secretId: string;
  revision: number;
}

/** What a tab tells the others after raising a mark. */
interface MarkRaised extends RevisionMark {
  userId: string;
}

// Marks this page has read or raised, by `${userId}:${secretId}`.
const known = new Map<string, number>();
// Per user: the one read of their stored marks (dropped when it failed, so the next open tries again).
const loaded = new Map<string, Promise<void>>();
/*
 * Marks are written in batches: the marks raised while a write is under way wait and go in the next
 * one, in one transaction and one broadcast. A health check or an export opens thousands of secrets;
 * a transaction and a message each were thousands of database opens, and their garbage made the
 * page's long pauses (docs/security-centre.md, "Responsiveness").
 */
interface MarkBatch {
  marks: Map<string, MarkRaised>;
  stored: Promise<void>;
}
// The batch taking marks (null when none waits), and the last write: revisionsStored() waits for it.
let collecting: MarkBatch | null = null;
let storing: Promise<void> = Promise.resolve();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('coffer-revision-marks') : null;

function markId(userId: string, secretId: string): string {
  return `${userId}:${secretId}`;
}

function storedRevision(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { revision } = value as Partial<RevisionMark>;
  return Number.isSafeInteger(revision) ? revision : undefined;
}

function raise(id: string, revision: number): void {
  const current = known.get(id);
  if (current === undefined || current < revision) known.set(id, revision);
}

function loadMarks(userId: string): Promise<void> {
  let loading = loaded.get(userId);
  if (!loading) {
    loading = readMarks(userId);
    loaded.set(userId, loading);
  }
  return loading;
}

async function readMarks(userId: string): Promise<void> {
  const prefix = `${userId}:`;
  try {
    const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
    const stored = await withKeyDatabaseStore<unknown[]>('revisions', 'readonly', (s) => s.getAll(range));
    for (const value of stored) {
      const revision = storedRevision(value);
      const { secretId } = value as Partial<RevisionMark>;
      if (revision !== undefined && typeof secretId === 'string') raise(markId(userId, secretId), revision);
    }
  } catch {
    // What this page saw is all there is for now; the next open reads again.
    loaded.delete(userId);
  }
}

function takeAnnounced(value: unknown): void {
  const data = value as Partial<MarkRaised> | null;
  const revision = storedRevision(data);
  if (revision === undefined || typeof data?.userId !== 'string' || typeof data.secretId !== 'string') return;
  raise(markId(data.userId, data.secretId), revision);
}

// Another tab announces a batch ({marks: [...]}), or one mark as earlier versions did.
channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as { marks?: unknown } | null;
  if (Array.isArray(data?.marks)) for (const mark of data.marks) takeAnnounced(mark);
  else takeAnnounced(data);
});

/**
 * The highest revision `userId` has seen of a secret in this browser, if any: from this page's
 * memory, once the user's stored marks are read (at their first open in the page, started
 * alongside the secret's fetch, so it adds no wait).
 */
export async function highestRevision(userId: string, secretId: string): Promise<number | undefined> {
  await loadMarks(userId);
  return known.get(markId(userId, secretId));
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
 * Records a revision `userId` opened or saved, if it is higher than the mark: this page knows it at
 * once, other tabs are told, and the promise settles once IndexedDB holds it (opens and saves do not
 * wait for that: a few milliseconds, which a reload does not beat). Call it only once the revision proved genuine (it opened, or the server
 * stored the save): a mark is never lowered, so a made-up revision must not raise one.
 */
export function recordRevision(userId: string, secretId: string, revision: number): Promise<void> {
  const id = markId(userId, secretId);
  const current = known.get(id);
  if (current !== undefined && current >= revision) return Promise.resolve();
  raise(id, revision);
  if (!collecting) {
    const batch: MarkBatch = { marks: new Map(), stored: Promise.resolve() };
    // It takes marks until its write starts: right away when no write is under way.
    batch.stored = storing.then(() => {
      if (collecting === batch) collecting = null;
      return storeMarks(batch.marks);
    });
    storing = batch.stored;
    collecting = batch;
  }
  collecting.marks.set(id, { userId, secretId, revision });
  return collecting.stored;
}

/** Settles once every mark recorded so far is in IndexedDB (or failed to be). */
export async function revisionsStored(): Promise<void> {
  await storing;
}

async function storeMarks(marks: Map<string, MarkRaised>): Promise<void> {
  channel?.postMessage({ marks: [...marks.values()] });
  try {
    await withKeyDatabaseStore('revisions', 'readwrite', (store) => {
      let last: IDBRequest | undefined;
      for (const [id, { secretId, revision }] of marks) {
        // Read and write in one transaction: another tab may have stored a higher mark meanwhile.
        const reading = store.get(id);
        reading.onsuccess = () => {
          const stored = storedRevision(reading.result);
          if (stored !== undefined && stored >= revision) raise(id, stored);
          else store.put({ secretId, revision } satisfies RevisionMark, id);
        };
        last = reading;
      }
      return last as IDBRequest;
    });
  } catch {
    // Kept in this page's memory only: it still refuses an older revision until it reloads.
  }
}
