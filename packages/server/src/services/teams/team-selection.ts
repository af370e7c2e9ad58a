import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { findTeamIdsInOrganisation } from '../../repositories/team-repository.js';

/**
 * The teams an administrator chose for a new user or an invitation, without repeats. Every one
 * must be a team of this organisation: a foreign or unknown id is a 404, like any foreign id.
 */
export async function checkChosenTeams(
  db: Kysely<Database>,
  organisationId: string,
  chosen: readonly string[] | undefined,
): Promise<string[]> {
  const wanted = [...new Set(chosen ?? [])];
  const found = await findTeamIdsInOrganisation(db, organisationId, wanted);
  if (found.length !== wanted.length) throw AppError.notFound();
  return wanted;
}
