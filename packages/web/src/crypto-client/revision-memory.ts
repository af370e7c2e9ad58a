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

/**
 * One stored mark: the secret, the highest revision seen of it, and the highest seen with a verified
 * signed header (suite 2; absent before any), so that the same revision served without its header
 * later is refused as the downgrade it is.
 */
interface RevisionMark {
  secretId: string;
  revision: number;
  signed?: number;
}

/** What a user has seen of a secret in this browser. */
export interface SeenRevisions {
  /** The highest revision seen. */
  revision?: number;
  /** The highest revision seen with a verified signed header. */
  signed?: number;
}

/** What a tab tells the others after raising a mark. */
interface MarkRaised extends RevisionMark {
  userId: string;
}

// Marks this page has read or raised, by `${userId}:${secretId}`.
const known = new Map<string, number>();
// The signed part of the marks, by the same ids.
const knownSigned = new Map<string, number>();
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

function storedRevision(value: unknown, field: 'revision' | 'signed' = 'revision'): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const revision = (value as Partial<RevisionMark>)[field];
  return Number.isSafeInteger(revision) ? revision : undefined;
}

function raiseIn(marks: Map<string, number>, id: string, revision: number | undefined): void {
  if (revision === undefined) return;
  const current = marks.get(id);
  if (current === undefined || current < revision) marks.set(id, revision);
}

function raise(id: string, revision: number, signed?: number): void {
  raiseIn(known, id, revision);
  raiseIn(knownSigned, id, signed);
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
      if (revision !== undefined && typeof secretId === 'string')
        raise(markId(userId, secretId), revision, storedRevision(value, 'signed'));
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
  raise(markId(data.userId, data.secretId), revision, storedRevision(data, 'signed'));
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

/** What `userId` has seen of a secret in this browser (highestRevision, with the signed part). */
export async function seenRevisions(userId: string, secretId: string): Promise<SeenRevisions> {
  await loadMarks(userId);
  const id = markId(userId, secretId);
  const seen: SeenRevisions = {};
  const revision = known.get(id);
  const signed = knownSigned.get(id);
  if (revision !== undefined) seen.revision = revision;
  if (signed !== undefined) seen.signed = signed;
  return seen;
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
 * wait for that: a few milliseconds, which a reload does not beat). Call it only once the revision
 * proved genuine (it opened, or the server stored the save): a mark is never lowered, so a made-up
 * revision must not raise one. `signed`: its signed header verified (or this browser signed it).
 */
export function recordRevision(
  userId: string,
  secretId: string,
  revision: number,
  signed = false,
): Promise<void> {
  const id = markId(userId, secretId);
  const current = known.get(id);
  const currentSigned = knownSigned.get(id);
  const newSigned = signed ? revision : undefined;
  const raisesSigned = newSigned !== undefined && (currentSigned === undefined || currentSigned < newSigned);
  if (current !== undefined && current >= revision && !raisesSigned) return Promise.resolve();
  raise(id, revision, newSigned);
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
  const mark: MarkRaised = { userId, secretId, revision: known.get(id) ?? revision };
  const signedMark = knownSigned.get(id);
  if (signedMark !== undefined) mark.signed = signedMark;
  collecting.marks.set(id, mark);
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
      for (const [id, { secretId, revision, signed }] of marks) {
        // Read and write in one transaction: another tab may have stored a higher mark meanwhile.
        const reading = store.get(id);
        reading.onsuccess = () => {
          const stored = storedRevision(reading.result);
          const storedSigned = storedRevision(reading.result, 'signed');
          raise(id, stored ?? revision, storedSigned);
          const merged: RevisionMark = { secretId, revision: Math.max(stored ?? 0, revision) };
          const highestSigned = Math.max(storedSigned ?? 0, signed ?? 0);
          if (highestSigned > 0) merged.signed = highestSigned;
          if (merged.revision !== stored || merged.signed !== storedSigned) store.put(merged, id);
        };
        last = reading;
      }
      return last as IDBRequest;
    });
  } catch {
    // Kept in this page's memory only: it still refuses an older revision until it reloads.
  }
}
