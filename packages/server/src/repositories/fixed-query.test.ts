import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preparedName } from '../db/postgres-prepared.js';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/test-database.js';
import { fixedQuery } from './fixed-query.js';

interface NoteTables {
  fixed_query_notes: { id: string; body: string };
}

const selectNote = fixedQuery(['id'], (db, { id }) =>
  (db as unknown as Kysely<NoteTables>)
    .selectFrom('fixed_query_notes')
    .select(['id', 'body'])
    .where('id', '=', id),
);

describe(`fixed queries (${testDialect()})`, () => {
  let database: TestDatabase;
  let db: Kysely<NoteTables>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db as unknown as Kysely<NoteTables>;
    await sql`create table fixed_query_notes (id text primary key, body text not null)`.execute(db);
    await db.insertInto('fixed_query_notes').values({ id: 'kept', body: 'committed' }).execute();
  });
  afterAll(() => database.drop());

  const read = (id: string) => selectNote(database.handle.db, { id });

  it('reads committed rows, by the same statement with new parameters', async () => {
    expect(await read('kept')).toEqual([{ id: 'kept', body: 'committed' }]);
    expect(await read('missing')).toEqual([]);
  });

  it('never reads what another request’s open transaction has written', async () => {
    let pending: Promise<unknown[]> | null = null;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('fixed_query_notes')
          .values({ id: 'uncommitted', body: 'rolled back' })
          .execute();
        // Another request's read while this transaction is open (SQLite: on the same connection).
        pending = read('uncommitted');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await pending).toEqual([]);
  });

  it.runIf(testDialect() === 'sqlite')(
    'runs outside Kysely’s executor on SQLite when no transaction is open',
    async () => {
      const executeQuery = vi.spyOn(database.handle.db, 'executeQuery');
      try {
        expect(await read('kept')).toHaveLength(1);
        expect(executeQuery).not.toHaveBeenCalled();
      } finally {
        executeQuery.mockRestore();
      }
    },
  );

  it.runIf(testDialect() === 'postgres')('runs as a statement PostgreSQL keeps prepared', async () => {
    await database.handle.db.connection().execute(async (connection) => {
      expect(await selectNote(connection, { id: 'kept' })).toHaveLength(1);
      const compiled = (connection as unknown as Kysely<NoteTables>)
        .selectFrom('fixed_query_notes')
        .select(['id', 'body'])
        .where('id', '=', 'x')
        .compile();
      const name = preparedName(compiled.sql);
      expect(name).toMatch(/^coffer_[0-9a-f]{32}$/);
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
        connection,
      );
      expect(rows.map((row) => row.name)).toContain(name);
    });
  });
});
