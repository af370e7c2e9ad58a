import type { ClientConfig } from '@coffer/core';
import { fetchClientConfig } from '../../api/password-health-api.js';
import type { DatedSecretRow } from '../../secret-export/list-export-rows.js';
import { listExportSecrets } from '../../secret-export/list-export-rows.js';
import { openSecretsInBatch } from '../../secret-export/open-secrets-batch.js';
import { forgetHealthRecords, loadTagKey, readHealthRecords, writeHealthRecords } from './health-cache.js';
import type { HealthRecord, HealthSubject } from './health-record.js';
import { healthSubjectOf } from './health-subject.js';
import type { HealthChecker } from './health-worker-client.js';
import { createHealthChecker } from './health-worker-client.js';

/** Secrets opened and handed to the worker at a time: the next batch opens while the worker checks. */
export const HEALTH_BATCH_SIZE = 100;

/** A cached record older than this is checked again (a password may have been breached since). */
export const HEALTH_RECORD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A password secret as the security centre lists it: where it is and what its check found. */
export interface CheckedSecret {
  row: DatedSecretRow;
  record: HealthRecord;
}

/** What one run found, and over what. */
export interface HealthCheckResult {
  checked: CheckedSecret[];
  /** Password secrets listed but not opened here (no key for this user, or failing integrity). */
  unreadable: number;
  /** Secrets checked afresh in this run (the rest came from the cache). */
  recomputed: number;
  /** Whether the breach check ran (HIBP_RANGE_URL not off). */
  breachCheck: boolean;
  finishedAt: Date;
}

/** Where a run is: listing, then checking (how many of how many need opening). */
export type HealthProgress = { phase: 'listing' } | { phase: 'checking'; done: number; total: number };

/** Options of a run (tests inject the checker and the clock). */
export interface HealthCheckOptions {
  onProgress?: (progress: HealthProgress) => void;
  signal?: AbortSignal;
  checker?: HealthChecker;
  now?: () => Date;
  /** Only these of the listed secrets (the benchmark checks a slice of a large organisation). */
  only?: ReadonlySet<string>;
}

// An empty batch: the worker loads the scorer and answers nothing. Its failure shows with the first real batch.
async function warmUp(checker: HealthChecker): Promise<void> {
  const tagKey = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  await checker
    .check({ subjects: [], tagKey, rangeUrl: null, checkedAt: new Date().toISOString() })
    .catch(() => undefined);
}

function isFresh(record: HealthRecord | undefined, row: DatedSecretRow, breachCheck: boolean, now: Date) {
  if (!record || record.updatedAt !== row.updated_at) return false;
  if (breachCheck && record.breaches === null) return false;
  return now.getTime() - Date.parse(record.checkedAt) < HEALTH_RECORD_MAX_AGE_MS;
}

/**
 * Checks the password health of every password secret the user can read (issue 31). Lists them
 * (metadata), reuses the cached record of each whose version has not changed, opens the others with
 * the crypto client a batch at a time and has the worker check each batch while the next one opens.
 * Decrypted passwords go only to the worker and are dropped with the batch; only the 5-character
 * SHA-1 prefixes leave the browser, to the configured range API.
 */
export async function runHealthCheck(
  userId: string,
  options: HealthCheckOptions = {},
): Promise<HealthCheckResult> {
  const { onProgress, signal, now = () => new Date() } = options;
  onProgress?.({ phase: 'listing' });
  // The worker loads zxcvbn's dictionaries while the list is read and the first batch opens.
  const checker = options.checker ?? createHealthChecker();
  void warmUp(checker);
  let listed: [ClientConfig, DatedSecretRow[], Map<string, HealthRecord>, CryptoKey];
  try {
    listed = await Promise.all([
      fetchClientConfig(signal),
      listExportSecrets(signal),
      readHealthRecords(userId),
      loadTagKey(userId),
    ]);
  } catch (error) {
    if (!options.checker) checker.close();
    throw error;
  }
  const [config, rows, cached, tagKey] = listed;
  const breachCheck = config.pwned_range_url !== null;
  const start = now();
  const passwordRows = rows.filter(
    (row) => row.category === 'password' && (!options.only || options.only.has(row.id)),
  );
  const records = new Map<string, HealthRecord>();
  const stale: DatedSecretRow[] = [];
  for (const row of passwordRows) {
    const record = cached.get(row.id);
    if (record && isFresh(record, row, breachCheck, start)) records.set(row.id, record);
    else stale.push(row);
  }
  let unreadable = 0;
  try {
    const checkedAt = start.toISOString();
    let done = 0;
    onProgress?.({ phase: 'checking', done, total: stale.length });
    const checking: Promise<void>[] = [];
    for (let first = 0; first < stale.length; first += HEALTH_BATCH_SIZE) {
      const batch = stale.slice(first, first + HEALTH_BATCH_SIZE);
      const opened = await openSecretsInBatch(
        batch.map((row) => row.id),
        userId,
        signal ? { signal } : {},
      );
      const subjects: HealthSubject[] = [];
      opened.forEach((result, index) => {
        const row = batch[index] as DatedSecretRow;
        if (!result.opened) unreadable += 1;
        const subject = result.opened ? healthSubjectOf(result.opened, row.updated_at) : null;
        if (subject) subjects.push(subject);
      });
      checking.push(
        checker
          .check({ subjects, tagKey, rangeUrl: config.pwned_range_url, checkedAt })
          .then(async (made) => {
            for (const record of made) records.set(record.id, record);
            await writeHealthRecords(userId, made);
            done += batch.length;
            onProgress?.({ phase: 'checking', done, total: stale.length });
          }),
      );
      // At most two batches wait on the worker: opening runs ahead of checking by one batch.
      if (checking.length >= 2) await checking[checking.length - 2];
    }
    await Promise.all(checking);
  } finally {
    if (!options.checker) checker.close();
  }
  const listedIds = new Set(passwordRows.map((row) => row.id));
  void forgetHealthRecords(
    userId,
    [...cached.keys()].filter((id) => !listedIds.has(id)),
  );
  const checked = passwordRows.flatMap((row) => {
    const record = records.get(row.id);
    return record ? [{ row, record }] : [];
  });
  return { checked, unreadable, recomputed: stale.length, breachCheck, finishedAt: now() };
}
