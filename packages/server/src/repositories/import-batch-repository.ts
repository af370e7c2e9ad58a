import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { uuidV7 } from '../db/uuid-v7.js';

// Import batches (issue 28): one row per run of the import wizard. Their secrets carry the batch's id
// (secrets.import_batch_id); the queries on secrets are in secret-repository.ts.

/** A batch as the services see it, with its creator's name (empty when the user was removed). */
export interface ImportBatchRecord {
  id: string;
  organisation_id: string;
  created_by: string;
  created_by_name: string;
  format: string;
  item_count: number;
  created_at: string;
  undone_at: string | null;
}

/** The newest batches the history shows; older ones are not listed (they are still undoable by id). */
export const IMPORT_HISTORY_LIMIT = 100;

/** Stores a new batch. Its id is a UUIDv7, so ids sort in the order batches were started. */
export async function insertImportBatch(
  db: Kysely<Database>,
  values: { organisationId: string; createdBy: string; format: string; itemCount: number },
): Promise<Omit<ImportBatchRecord, 'created_by_name'>> {
  const now = new Date();
  const row = {
    id: uuidV7(now.getTime()),
    organisation_id: values.organisationId,
    created_by: values.createdBy,
    format: values.format,
    item_count: values.itemCount,
    created_at: now.toISOString(),
    undone_at: null,
  };
  await db.insertInto('import_batches').values(row).execute();
  return row;
}

function selectBatches(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom('import_batches')
    .leftJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'import_batches.created_by')
        .onRef('users.organisation_id', '=', 'import_batches.organisation_id'),
    )
    .select([
      'import_batches.id',
      'import_batches.organisation_id',
      'import_batches.created_by',
      'users.name as created_by_name',
      'import_batches.format',
      'import_batches.item_count',
      'import_batches.created_at',
      'import_batches.undone_at',
    ])
    .where('import_batches.organisation_id', '=', organisationId);
}

type BatchRow = Omit<ImportBatchRecord, 'created_by_name'> & { created_by_name: string | null };

function toBatch(row: BatchRow): ImportBatchRecord {
  return { ...row, created_by_name: row.created_by_name ?? '', item_count: Number(row.item_count) };
}

/** The batch with this id in this organisation, or null. */
export async function findImportBatch(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<ImportBatchRecord | null> {
  const row = await selectBatches(db, organisationId).where('import_batches.id', '=', id).executeTakeFirst();
  return row ? toBatch(row) : null;
}

/**
 * The organisation's newest batches, or only those `createdBy` started, newest first (created_at,
 * then id: two batches of one millisecond keep the order they were made in).
 */
export async function listImportBatches(
  db: Kysely<Database>,
  organisationId: string,
  createdBy: string | null,
): Promise<ImportBatchRecord[]> {
  let query = selectBatches(db, organisationId);
  if (createdBy !== null) query = query.where('import_batches.created_by', '=', createdBy);
  const rows = await query
    .orderBy('import_batches.created_at', 'desc')
    .orderBy('import_batches.id', 'desc')
    .limit(IMPORT_HISTORY_LIMIT)
    .execute();
  return rows.map(toBatch);
}

/**
 * Holds a batch that is still open (not undone) for the rest of the transaction and answers whether
 * it was open. A no-op update: on PostgreSQL it takes the row's lock, so a secret saved with the
 * batch and the batch's undo wait for each other rather than cross (SQLite runs one writer at a time).
 */
export async function holdOpenImportBatch(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable('import_batches')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a batch undone at `at`, if it was not yet; answers whether this call did it. */
export async function setImportBatchUndone(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('import_batches')
    .set({ undone_at: at })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
