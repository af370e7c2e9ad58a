import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column = organisationId`, for lookups by primary key (`id in (…)`): the organisation is still
 * checked in SQL, but the expression is not one an index can serve, so the planner looks the rows
 * up by their ids. SQLite keeps no statistics here and guesses an equality on any indexed column
 * matches about ten rows: for more ids than that it walked the organisation's index instead. A
 * reshare delivery of 100 keys read its 100 secrets through all 100,000 of the organisation's,
 * 30 ms of a 50 ms request (docs/benchmarks.md). PostgreSQL, which has statistics, takes the
 * primary key either way.
 */
export function sameOrganisation(column: string, organisationId: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} || '' = ${organisationId}`;
}
