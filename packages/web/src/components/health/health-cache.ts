import { sessionCleared } from '../../lib/clear-session.js';
import type { HealthRecord } from './health-record.js';

/*
 * The browser's 'coffer-health' IndexedDB database: the store 'records' holds each user's health
 * records by secret (a second visit checks only the secrets whose revision changed), the store
 * 'keys' each user's non-extractable HMAC key of the reuse tags. Records say which secrets are weak,
 * reused or breached: they are deleted with the session (logout, lock, inactivity), as the private
 * key is; nothing in them is a password or an unkeyed hash of one.
 */

const DATABASE = 'coffer-health';
const VERSION = 1;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, VERSION);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore('records');
      opening.result.createObjectStore('keys');
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

async function inTransaction<T>(
  store: 'records' | 'keys',
  mode: IDBTransactionMode,
  act: (objects: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const database = await openDatabase();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = database.transaction(store, mode);
      const pending = act(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(pending?.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

const recordKey = (userId: string, secretId: string) => `${userId}\n${secretId}`;
const userEnd = (userId: string) => `${userId}\n\uffff`;
const userRange = (userId: string) => IDBKeyRange.bound(`${userId}\n`, userEnd(userId));

// Records read per request: each answer is its own task on the page, so 10,000 cached records are
// not deserialised in one long task (a second visit reads them all).
export const HEALTH_READ_PAGE = 500;

/** The user's cached records by secret id; empty where IndexedDB is missing or fails (all are checked). */
export async function readHealthRecords(userId: string): Promise<Map<string, HealthRecord>> {
  const records = new Map<string, HealthRecord>();
  try {
    const database = await openDatabase();
    try {
      await new Promise<void>((resolve, reject) => {
        const transaction = database.transaction('records', 'readonly');
        const store = transaction.objectStore('records');
        const readFrom = (range: IDBKeyRange) => {
          const reading = store.getAll(range, HEALTH_READ_PAGE) as IDBRequest<HealthRecord[]>;
          reading.onsuccess = () => {
            for (const record of reading.result) records.set(record.id, record);
            const last = reading.result.at(-1);
            if (last && reading.result.length === HEALTH_READ_PAGE)
              readFrom(IDBKeyRange.bound(recordKey(userId, last.id), userEnd(userId), true));
          };
        };
        readFrom(userRange(userId));
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    } finally {
      database.close();
    }
    return records;
  } catch {
    return new Map();
  }
}

/** Stores a batch of records in one transaction; a browser that cannot keep them simply checks again. */
export async function writeHealthRecords(userId: string, records: readonly HealthRecord[]): Promise<void> {
  if (records.length === 0) return;
  try {
    await inTransaction('records', 'readwrite', (store) => {
      for (const record of records) store.put(record, recordKey(userId, record.id));
      return undefined;
    });
  } catch {
    // The cache only saves time.
  }
}

/** Drops the records of secrets the user no longer reads (removed, or access lost). */
export async function forgetHealthRecords(userId: string, secretIds: readonly string[]): Promise<void> {
  if (secretIds.length === 0) return;
  try {
    await inTransaction('records', 'readwrite', (store) => {
      for (const id of secretIds) store.delete(recordKey(userId, id));
      return undefined;
    });
  } catch {
    // Left for the next run.
  }
}

// The tag key in memory too, so a second run does not wait on IndexedDB.
const tagKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The user's HMAC-SHA-256 key of reuse tags: made once in this browser, non-extractable, kept in
 * IndexedDB (only a CryptoKey handle is stored; its bytes cannot be read). A browser that cannot
 * keep it gets a new one per page load, and its records, tagged under another key, are checked again.
 */
export function loadTagKey(userId: string): Promise<CryptoKey> {
  let pending = tagKeys.get(userId);
  if (!pending) {
    pending = (async () => {
      const stored = await inTransaction<unknown>('keys', 'readonly', (store) => store.get(userId)).catch(
        () => undefined,
      );
      if (stored instanceof CryptoKey) return stored;
      const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      await inTransaction('keys', 'readwrite', (store) => store.put(key, userId)).catch(() => undefined);
      return key;
    })();
    tagKeys.set(userId, pending);
  }
  return pending;
}

/** Deletes every record and key (the session ended). */
export async function clearHealthCache(): Promise<void> {
  tagKeys.clear();
  try {
    await inTransaction('records', 'readwrite', (store) => store.clear());
    await inTransaction('keys', 'readwrite', (store) => store.clear());
  } catch {
    // Nothing was kept.
  }
}

sessionCleared.subscribe(() => {
  void clearHealthCache();
});
