import {
  canonicalJson,
  foldTrustLog,
  type SignedTrustEntry,
  type TrustChange,
  type TrustLogResponse,
  type TrustProjection,
  type TrustState,
  trustEntryHash,
  trustProjection,
} from '@coffer/core';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';
import { readTrustProjection } from '../repositories/trust-projection-repository.js';
import { signedEntry, type TrustSigner } from './trust-log-signers.js';

// What the tests of membership calls with their signed entries (issue 30) do as a browser would:
// read the log's head, sign a run of entries chained onto it, fold the whole log from genesis and
// compare its projection with the rows'.

/** The organisation's log as a member reads it. */
export async function readLog(app: FastifyInstance, token: string): Promise<TrustLogResponse> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/trust_log.json',
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) throw new Error(`GET trust_log: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The place after the log's head: where the next entry goes. */
export async function nextPlaceOf(app: FastifyInstance, token: string, org: string) {
  const { head } = await readLog(app, token);
  return { org, seq: head ? head.seq + 1 : 0, prev: head?.hash ?? null };
}

/** `changes` signed by `signer` as a run chained from `place`. */
export async function signRun(
  signer: TrustSigner,
  place: { org: string; seq: number; prev: string | null },
  changes: readonly TrustChange[],
): Promise<SignedTrustEntry[]> {
  const run: SignedTrustEntry[] = [];
  let { seq, prev } = place;
  for (const change of changes) {
    const signed = await signedEntry(signer, { org: place.org, seq, prev }, change);
    run.push(signed);
    prev = await trustEntryHash(signed);
    seq += 1;
  }
  return run;
}

/** The whole log folded from genesis, as a browser verifies it. */
export async function foldedLog(app: FastifyInstance, token: string): Promise<TrustState> {
  const { items } = await readLog(app, token);
  return foldTrustLog(items.map(({ entry, sig }) => ({ entry, sig })));
}

/** The folded log's projection and the rows' (restricted to the log's active users), as texts. */
export async function projectionsOf(
  app: FastifyInstance,
  db: Kysely<Database>,
  token: string,
  org: string,
): Promise<{ log: string; rows: string; projection: TrustProjection }> {
  const state = await foldedLog(app, token);
  const active = new Set([...state.users.values()].filter((user) => user.active).map((user) => user.id));
  const projection = trustProjection(state);
  return {
    log: canonicalJson(projection),
    rows: canonicalJson(await readTrustProjection(db, org, active)),
    projection,
  };
}

/** The owner's snapshot of the organisation's teams, assignments and managers, from its rows. */
export async function snapshotOfRows(
  db: Kysely<Database>,
  org: string,
  admitted: ReadonlySet<string>,
): Promise<TrustChange> {
  const [memberships, assignments, managers] = await Promise.all([
    db.selectFrom('memberships').selectAll().where('organisation_id', '=', org).execute(),
    db.selectFrom('assignments').selectAll().where('organisation_id', '=', org).execute(),
    db.selectFrom('vault_managers').selectAll().where('organisation_id', '=', org).execute(),
  ]);
  const teams = new Map<string, Array<{ user: string; edit: boolean }>>();
  for (const row of memberships.filter((row) => admitted.has(row.user_id))) {
    teams.set(row.team_id, [
      ...(teams.get(row.team_id) ?? []),
      { user: row.user_id, edit: toBool(row.edit_access) },
    ]);
  }
  const chestIds = new Set([
    ...assignments.map((row) => row.vault_id),
    ...managers.map((row) => row.vault_id),
  ]);
  return {
    op: 'snapshot',
    body: {
      teams: [...teams].map(([team, members]) => ({ team, members })),
      chests: [...chestIds].map((chest) => ({
        chest,
        teams: assignments
          .filter((row) => row.vault_id === chest)
          .map((row) => ({ team: row.team_id, edit: toBool(row.edit_access) })),
        managers: managers
          .filter((row) => row.vault_id === chest && admitted.has(row.user_id))
          .map((row) => row.user_id),
      })),
    },
  };
}

/** What an admission of this signer says (its key, not an administrator unless `admin`). */
export function admitChange(
  signer: TrustSigner,
  admin: boolean,
  how: 'created' | 'confirmed' = 'confirmed',
): TrustChange {
  return {
    op: 'admit',
    body: { user: signer.id, email: `${signer.id}@example.test`, public_key: signer.publicKey, admin, how },
  };
}

/**
 * Every row a membership call may write, and the log, as one comparable text: a refused call must
 * leave it as it was.
 */
export async function organisationRows(db: Kysely<Database>, org: string): Promise<string> {
  type Table = 'users' | 'teams' | 'vaults' | 'memberships' | 'assignments' | 'vault_managers' | 'trust_log';
  // Each has organisation_id; typed as one of them, since kysely cannot narrow a union of tables.
  const of = (table: Table): Promise<object[]> =>
    db
      .selectFrom(table as 'trust_log')
      .selectAll()
      .where('organisation_id', '=', org)
      .execute();
  const [organisation, ...tables] = await Promise.all([
    db.selectFrom('organisations').select(['owner_id']).where('id', '=', org).executeTakeFirst(),
    of('users'),
    of('teams'),
    of('vaults'),
    of('memberships'),
    of('assignments'),
    of('vault_managers'),
    of('trust_log'),
  ]);
  const sorted = tables.map((rows) => rows.map((row) => JSON.stringify(row)).sort());
  return JSON.stringify({ organisation, sorted });
}
