import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

// Attachments and their chunks (issue 27). The server keeps sizes and sealed bytes only; names,
// media types and keys live in the secret's sealed payload.

/** An attachment as the services see it. */
export interface AttachmentRecord {
  id: string;
  organisation_id: string;
  secret_id: string;
  created_by: string;
  size: number;
  chunk_count: number;
  uploaded_chunks: number;
  complete: boolean;
  created_at: string;
}

const COLUMNS = [
  'id',
  'organisation_id',
  'secret_id',
  'created_by',
  'size',
  'chunk_count',
  'uploaded_chunks',
  'complete',
  'created_at',
] as const;

type AttachmentRow = Selectable<Database['attachments']>;

function toAttachment(row: AttachmentRow): AttachmentRecord {
  return {
    ...row,
    // bigint comes back as a number on both engines (db/create-database.ts); Number() keeps it so.
    size: Number(row.size),
    complete: toBool(row.complete),
    uploaded_chunks: Number(row.uploaded_chunks),
  };
}

/** Starts a pending attachment. */
export async function insertAttachment(
  db: Kysely<Database>,
  values: {
    id: string;
    organisationId: string;
    secretId: string;
    createdBy: string;
    size: number;
    chunkCount: number;
    createdAt: string;
  },
): Promise<AttachmentRecord> {
  const row = {
    id: values.id,
    organisation_id: values.organisationId,
    secret_id: values.secretId,
    created_by: values.createdBy,
    size: values.size,
    chunk_count: values.chunkCount,
    uploaded_chunks: 0,
    complete: false,
    created_at: values.createdAt,
  };
  await db.insertInto('attachments').values(row).execute();
  return row;
}

/** The attachment with this id in this organisation, or null. */
export async function findAttachment(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<AttachmentRecord | null> {
  const row = await db
    .selectFrom('attachments')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toAttachment(row) : null;
}

/** Plaintext bytes of all the organisation's attachments, pending ones included. */
export async function sumAttachmentBytes(db: Kysely<Database>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('attachments')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('used'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  // PostgreSQL's sum of a bigint is numeric, which pg answers as text.
  return Number(row.used ?? 0);
}

/**
 * Stores chunk `index` if it is the next one expected of a pending attachment: the counter moves
 * by a conditional update first, so two requests with the same index cannot both pass. Answers
 * false (and writes nothing) otherwise. Run it in a transaction.
 */
export async function appendAttachmentChunk(
  trx: Kysely<Database>,
  organisationId: string,
  attachmentId: string,
  index: number,
  data: Uint8Array,
): Promise<boolean> {
  const moved = await trx
    .updateTable('attachments')
    .set({ uploaded_chunks: index + 1 })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', attachmentId)
    .where('complete', '=', false)
    .where('uploaded_chunks', '=', index)
    .whereRef('chunk_count', '>', 'uploaded_chunks')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('attachment_chunks')
    .values({ attachment_id: attachmentId, chunk_index: index, organisation_id: organisationId, data })
    .execute();
  return true;
}

/** Marks a pending attachment complete when every chunk is in; answers whether it did. */
export async function completeAttachment(
  db: Kysely<Database>,
  organisationId: string,
  attachmentId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('attachments')
    .set({ complete: true })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', attachmentId)
    .where('complete', '=', false)
    .whereRef('uploaded_chunks', '=', 'chunk_count')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes an attachment; its chunks go with it (cascade). Answers whether it was there. */
export async function deleteAttachment(
  db: Kysely<Database>,
  organisationId: string,
  attachmentId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('attachments')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** One chunk's sealed bytes, or null when it is gone (the attachment was deleted meanwhile). */
export async function findAttachmentChunk(
  db: Kysely<Database>,
  organisationId: string,
  attachmentId: string,
  index: number,
): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom('attachment_chunks')
    .select('data')
    .where('organisation_id', '=', organisationId)
    .where('attachment_id', '=', attachmentId)
    .where('chunk_index', '=', index)
    .executeTakeFirst();
  return row ? row.data : null;
}

/**
 * Deletes pending attachments (of every organisation) started before `before` (ISO text), with
 * their chunks, at most `limit` at a time so no transaction grows large; answers how many went.
 * The sweeper's one query: it runs for the whole server, like the statistics recorder.
 */
export async function deleteStalePendingAttachments(
  db: Kysely<Database>,
  before: string,
  limit: number,
): Promise<number> {
  const stale = await db
    .selectFrom('attachments')
    .select(['id', 'organisation_id'])
    .where('complete', '=', false)
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  let deleted = 0;
  for (const row of stale) {
    const result = await db
      .deleteFrom('attachments')
      .where('organisation_id', '=', row.organisation_id)
      .where('id', '=', row.id)
      .where('complete', '=', false)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
