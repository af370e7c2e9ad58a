import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The counts a chest keeps beside its row so that lists sort by them through an index
 * (vaults.secret_count, visible_secret_count, team_count; migration 2026-11-23-0010). Every change
 * that alters one adds its delta here, in its own transaction. Deltas are additions, never values
 * recounted from a snapshot, so two concurrent changes of one chest both count on PostgreSQL too.
 */
export interface ChestCountDelta {
  /** Live secrets. */
  secrets?: number;
  /** Live secrets that are not hidden. */
  visibleSecrets?: number;
  /** Linked teams. */
  teams?: number;
}

/** Where a secret counts: its chest, whether it is hidden, whether it is live (not marked). */
export interface SecretPlace {
  vault_id: string;
  hidden: boolean;
  live: boolean;
}

/** The count deltas of a secret going from one place to another (null: created, or deleted for good). */
export function secretCountDeltas(
  before: SecretPlace | null,
  after: SecretPlace | null,
): Map<string, ChestCountDelta> {
  const deltas = new Map<string, ChestCountDelta>();
  const add = (place: SecretPlace | null, sign: 1 | -1) => {
    if (!place?.live) return;
    const delta = deltas.get(place.vault_id) ?? { secrets: 0, visibleSecrets: 0 };
    delta.secrets = (delta.secrets ?? 0) + sign;
    if (!place.hidden) delta.visibleSecrets = (delta.visibleSecrets ?? 0) + sign;
    deltas.set(place.vault_id, delta);
  };
  add(before, -1);
  add(after, 1);
  return deltas;
}

/** The same deltas, undone. */
export function negateDeltas(deltas: ReadonlyMap<string, ChestCountDelta>): Map<string, ChestCountDelta> {
  return new Map(
    [...deltas].map(([id, delta]) => [
      id,
      {
        secrets: -(delta.secrets ?? 0),
        visibleSecrets: -(delta.visibleSecrets ?? 0),
        teams: -(delta.teams ?? 0),
      },
    ]),
  );
}

/**
 * Adds the deltas to the chests' counts and answers the names of the chests it changed. Chests are
 * changed in id order, and before the secrets a change writes, so concurrent changes lock rows in
 * one order and never wait on each other in a circle; a chest's row stays locked until the
 * transaction ends, which also keeps the name read here current (secrets.vault_name).
 */
export async function adjustChestCounts(
  db: Kysely<Database>,
  organisationId: string,
  deltas: ReadonlyMap<string, ChestCountDelta>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of [...deltas.keys()].sort()) {
    const { secrets = 0, visibleSecrets = 0, teams = 0 } = deltas.get(id) ?? {};
    if (secrets === 0 && visibleSecrets === 0 && teams === 0) continue;
    const row = await db
      .updateTable('vaults')
      .set((eb) => ({
        ...(secrets !== 0 ? { secret_count: eb('secret_count', '+', secrets) } : {}),
        ...(visibleSecrets !== 0
          ? { visible_secret_count: eb('visible_secret_count', '+', visibleSecrets) }
          : {}),
        ...(teams !== 0 ? { team_count: eb('team_count', '+', teams) } : {}),
      }))
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst();
    if (row) names.set(id, row.name);
  }
  return names;
}

/** Team-count deltas of assignments added (+1) or removed (-1), by chest. */
export function teamCountDeltas(chestIds: readonly string[], sign: 1 | -1): Map<string, ChestCountDelta> {
  const deltas = new Map<string, ChestCountDelta>();
  for (const id of chestIds) deltas.set(id, { teams: (deltas.get(id)?.teams ?? 0) + sign });
  return deltas;
}
