import { randomUUID } from 'node:crypto';
import { isUuid } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { type ClientNamedTable, isIdTaken } from '../repositories/taken-id-repository.js';

/*
 * A team, chest or user created with an id the browser chose (issue 30): its signed trust-log entries
 * name the new object, so they are signed before it exists. Without one, the server makes the id.
 */

/** 400: a chosen id is a UUID, as crypto.randomUUID() makes them. */
export const CLIENT_ID_FORMAT_MESSAGE = 'Field id must be a UUID.';
/** 422: the chosen id names an object that exists already (in any organisation). */
export const CLIENT_ID_TAKEN_MESSAGE = 'This id is already taken: choose another.';

/** The chosen id, checked (absent: a fresh one). */
export function chosenId(value: unknown): string {
  if (value === undefined) return randomUUID();
  if (!isUuid(value)) throw AppError.validation(CLIENT_ID_FORMAT_MESSAGE);
  return value;
}

/** In the creating transaction, before the insert: the id is free, else 422 and nothing written. */
export async function requireFreeId(
  trx: Kysely<Database>,
  table: ClientNamedTable,
  id: string,
): Promise<void> {
  if (await isIdTaken(trx, table, id)) throw AppError.unprocessable(CLIENT_ID_TAKEN_MESSAGE);
}
