// One sync of the local index with the server (docs/extension-sync.md). The first lists the readable
// password secrets' ids and reads their payloads a page of ids at a time, a few reads in flight, so
// each secret is read and opened once while the workers never wait; later ones read only what
// changed since the cursor and open only the revisions the index does not have, each page of changes
// read while the previous one's payloads are opened, and applied in order.
import type { Secret } from '@coffer/core';
import type { ChangesPage, SyncTransport } from './changes-api.js';
import { CHANGES_PAGE_LIMIT, READ_IDS_LIMIT, SyncReadError } from './changes-api.js';
import { createInFlightLimit } from './in-flight-limit.js';
import type { IndexEntry } from './index-entry.js';
import type { IndexOpener } from './open-pool.js';
import type { ChangedSecret, OpenOutcome } from './open-record.js';
import { toChangedSecret } from './open-record.js';
import type { SecretIndex } from './secret-index.js';

/** What a sync did; `opened + failed` is how many payloads it decrypted (or tried to). */
export interface SyncCounts {
  /** Payloads opened and indexed. */
  opened: number;
  /** Payloads that failed their integrity check (or whose key did not unwrap): skipped, counted, retried when they change. */
  failed: number;
  /** Secrets dropped: removed, moved out, no longer readable, or whose key the caller lost. */
  removed: number;
  /** Changed secrets whose indexed revision was current: metadata updated, payload not read. */
  unchanged: number;
  /** True when it started from the beginning (no cursor, or the server no longer knew it). */
  full: boolean;
  /** True when the counts disagreed and the index was checked against the readable ids. */
  reconciled: boolean;
}

export interface SyncOptions {
  index: SecretIndex;
  transport: SyncTransport;
  opener: IndexOpener;
  /** Changes per page (the server caps it at 500). */
  pageLimit?: number;
  /** Ids per read of secrets when reading by ids (the server caps it at 500). */
  readLimit?: number;
  /** Reads of secrets started and not yet opened, at most. */
  readsInFlight?: number;
  /** Secrets per batch handed to the opener (one worker's message). */
  batchSize?: number;
  signal?: AbortSignal;
}

const DEFAULT_BATCH = 100;
/** Enough that the next read has arrived before the workers finish the current one (docs/extension-sync.md). */
const DEFAULT_READS_IN_FLIGHT = 3;

/** Syncs `index` in place and sets its cursor; the caller seals and stores it afterwards (saveIndex). */
export async function syncIndex(options: SyncOptions): Promise<SyncCounts> {
  const counts: SyncCounts = {
    opened: 0,
    failed: 0,
    removed: 0,
    unchanged: 0,
    full: false,
    reconciled: false,
  };
  const { index } = options;
  if (index.cursor === null) {
    counts.full = true;
    index.cursor = await readByIds(options, counts);
    return counts;
  }
  let readable: number;
  try {
    readable = await readChanges(options, index.cursor, counts);
  } catch (error) {
    // A cursor the server refuses (400: not valid for this user or this server's data; 410): read
    // everything again by ids; revisions already indexed stay unopened.
    if (!(error instanceof SyncReadError) || ![400, 410].includes(error.status)) throw error;
    counts.full = true;
    index.cursor = await readByIds(options, counts);
    return counts;
  }
  if (readable !== index.known) {
    counts.reconciled = true;
    await readByIds(options, counts);
  }
  return counts;
}

/** Reads every page of changes from `since`, opening and applying them; answers the last `readable`. */
async function readChanges(options: SyncOptions, since: string, counts: SyncCounts): Promise<number> {
  const { index, transport, opener, signal } = options;
  const limit = Math.min(options.pageLimit ?? CHANGES_PAGE_LIMIT, CHANGES_PAGE_LIMIT);
  // Revisions sent to the opener but not applied yet, so a later page does not open them again.
  const pending = new Map<string, number>();
  let applied: Promise<void> = Promise.resolve();
  let cursor = since;
  let readable = 0;
  for (;;) {
    let page: ChangesPage;
    try {
      page = await transport.changes(cursor, limit, signal);
    } catch (error) {
      // Nothing goes on changing the index once the sync has failed; what was opened stays (valid,
      // with the old cursor, so the next sync reads those changes again and opens nothing twice).
      await applied.catch(() => undefined);
      throw error;
    }
    const toOpen: ChangedSecret[] = [];
    // The page's other changes wait for the earlier pages' payloads, so that they apply in order.
    const edits: Edit[] = [];
    for (const item of page.items) {
      const secret = triage(index, pending, item, edits);
      if (secret) {
        pending.set(secret.id, secret.revision);
        toOpen.push(secret);
      }
    }
    const opening = openInBatches(opener, toOpen, options.batchSize ?? DEFAULT_BATCH);
    const removed = page.removed;
    applied = applied.then(async () => {
      for (const edit of edits) edit(counts);
      applyOutcomes(index, await opening, counts);
      for (const id of removed) if (index.remove(id)) counts.removed += 1;
    });
    // A failed batch must not go unobserved while the next page is read.
    applied.catch(() => undefined);
    cursor = page.cursor;
    readable = page.readable;
    if (!page.more) break;
  }
  await applied;
  index.cursor = cursor;
  return readable;
}

/** A change to the index that needs no payload, applied in its page's turn. */
type Edit = (counts: SyncCounts) => void;

/**
 * Decides what to do with one changed secret: answers it when its payload must be opened, else
 * queues in `edits` what the index must do without reading it.
 */
function triage(
  index: SecretIndex,
  pending: ReadonlyMap<string, number>,
  item: Secret,
  edits: Edit[],
): ChangedSecret | null {
  if (item.category !== 'password') {
    edits.push((counts) => {
      if (index.remove(item.id)) counts.removed += 1;
    });
    return null;
  }
  if (!item.secret_key) {
    // Readable but without the caller's key (a reshare will bring one): nothing to open or to show.
    edits.push((counts) => {
      if (index.get(item.id)) counts.removed += 1;
      index.skip(item.id, item.revision);
    });
    return null;
  }
  const known = Math.max(index.get(item.id)?.revision ?? 0, pending.get(item.id) ?? 0);
  if (known >= item.revision) {
    // Renamed or moved between chests the caller reads: the payload is the one already indexed.
    edits.push((counts) => {
      const entry = index.get(item.id);
      if (entry && entry.revision >= item.revision) index.put(withMetadata(entry, item));
      counts.unchanged += 1;
    });
    return null;
  }
  return toChangedSecret(item);
}

function withMetadata(entry: IndexEntry, item: Secret): IndexEntry {
  const chestName = item.vault?.name ?? item.vault_name;
  const { chestName: _previous, ...rest } = entry;
  return {
    ...rest,
    name: item.name,
    chestId: item.vault_id,
    ...(chestName === undefined ? {} : { chestName }),
  };
}

async function openInBatches(
  opener: IndexOpener,
  secrets: readonly ChangedSecret[],
  batchSize: number,
): Promise<OpenOutcome[]> {
  const batches: Promise<OpenOutcome[]>[] = [];
  for (let start = 0; start < secrets.length; start += batchSize)
    batches.push(opener.open(secrets.slice(start, start + batchSize)));
  return (await Promise.all(batches)).flat();
}

function applyOutcomes(index: SecretIndex, outcomes: readonly OpenOutcome[], counts: SyncCounts): void {
  for (const outcome of outcomes) {
    const id = outcome.ok ? outcome.entry.secretId : outcome.secretId;
    const revision = outcome.ok ? outcome.entry.revision : outcome.revision;
    // A newer revision may have been applied meanwhile (a secret changed while the pages were read).
    if ((index.get(id)?.revision ?? 0) > revision) continue;
    if (outcome.ok) {
      index.put(outcome.entry);
      counts.opened += 1;
    } else {
      index.skip(id, revision);
      counts.failed += 1;
    }
  }
}

/**
 * Brings the index to the readable ids (a first sync, a refused cursor, or counts that disagree):
 * lists them, reads the secrets missing or older than indexed a page of ids to a read, at most
 * `readsInFlight` reads at once (each counted until its payloads are opened), and drops what is not
 * listed. Each secret is read once and nothing already indexed is opened again. Answers the first
 * ids page's cursor: everything that changes while it reads comes again in the next changes.
 */
async function readByIds(options: SyncOptions, counts: SyncCounts): Promise<string> {
  const { index, transport, signal } = options;
  const readLimit = Math.max(1, Math.min(options.readLimit ?? READ_IDS_LIMIT, READ_IDS_LIMIT));
  const reads = createInFlightLimit(options.readsInFlight ?? DEFAULT_READS_IN_FLIGHT);
  const listed = new Set<string>();
  let wanted: string[] = [];
  let cursor: string | null = null;
  let after: string | null = null;
  try {
    for (;;) {
      const page = await transport.ids(after, signal);
      cursor ??= page.cursor;
      for (const { id, revision } of page.items) {
        listed.add(id);
        const known = index.get(id)?.revision ?? index.skippedRevision(id);
        if (known === undefined || known < revision) wanted.push(id);
      }
      after = page.items.at(-1)?.id ?? null;
      const last = !page.more || after === null;
      while (wanted.length >= readLimit || (last && wanted.length > 0)) {
        const ids = wanted.slice(0, readLimit);
        wanted = wanted.slice(readLimit);
        await reads.start(() => readAndOpen(options, ids, counts));
      }
      if (last) break;
    }
  } catch (error) {
    // Nothing goes on changing the index once the sync has failed; what was opened stays, and the
    // next sync opens only what is still missing.
    await reads.drain().catch(() => undefined);
    throw error;
  }
  await reads.drain();
  for (const id of index.knownIds()) if (!listed.has(id) && index.remove(id)) counts.removed += 1;
  if (cursor === null) throw new Error('The server answered no cursor with the ids.');
  return cursor;
}

/** One read of secrets by id, opened and applied; ids the server no longer answers are dropped. */
async function readAndOpen(options: SyncOptions, ids: readonly string[], counts: SyncCounts): Promise<void> {
  const { index, transport, opener, signal } = options;
  const page = await transport.read(ids, signal);
  const toOpen: ChangedSecret[] = [];
  const edits: Edit[] = [];
  // Each id is in one read only, so nothing is pending elsewhere.
  for (const item of page.items) {
    const changed = triage(index, new Map(), item, edits);
    if (changed) toOpen.push(changed);
  }
  const outcomes = await openInBatches(opener, toOpen, options.batchSize ?? DEFAULT_BATCH);
  for (const edit of edits) edit(counts);
  applyOutcomes(index, outcomes, counts);
  for (const id of page.missing) if (index.remove(id)) counts.removed += 1;
}
