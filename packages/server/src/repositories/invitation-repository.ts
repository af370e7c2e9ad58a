import { normaliseEmail } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database, InvitationsTable } from '../db/schema.js';

/** A pending or accepted invitation, with its team ids parsed. Never carries the token. */
export interface Invitation {
  id: string;
  organisation_id: string;
  inviter_id: string;
  name: string;
  email: string;
  team_ids: string[];
  accepted_at: string | null;
  expires_at: string;
  created_at: string;
}

type InvitationRow = Omit<Invitation, 'team_ids'> & { team_ids: string };

function toInvitation(row: InvitationRow): Invitation {
  const parsed: unknown = JSON.parse(row.team_ids);
  const teamIds = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  return { ...row, team_ids: teamIds };
}

const COLUMNS = [
  'id',
  'organisation_id',
  'inviter_id',
  'name',
  'email',
  'team_ids',
  'accepted_at',
  'expires_at',
  'created_at',
] as const;

/** Stores an invitation; only the token's hash is kept. */
export async function insertInvitation(
  db: Kysely<Database>,
  values: Omit<Invitation, 'accepted_at'> & { token_hash: string },
): Promise<Invitation> {
  const row = await db
    .insertInto('invitations')
    .values({ ...values, email: normaliseEmail(values.email), team_ids: JSON.stringify(values.team_ids) })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toInvitation(row);
}

/** The invitation whose token has this SHA-256 (any organisation: the token is all the invitee holds). */
export async function findInvitationByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<Invitation | null> {
  const row = await db
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? toInvitation(row) : null;
}

/** Marks an invitation used, only if it still is not: answers false when someone else got there first. */
export async function markInvitationAccepted(
  db: Kysely<Database>,
  invitation: Pick<Invitation, 'organisation_id' | 'id'>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: at })
    .where('organisation_id', '=', invitation.organisation_id)
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the organisation's pending invitations of an address, so only the newest link works. */
export async function deletePendingInvitations(
  db: Kysely<Database>,
  organisationId: string,
  email: string,
): Promise<void> {
  await db
    .deleteFrom('invitations')
    .where('organisation_id', '=', organisationId)
    .where('email', '=', normaliseEmail(email))
    .where('accepted_at', 'is', null)
    .execute();
}

/** An invitation not accepted yet, with the name of the administrator who sent it. */
export type OpenInvitation = Invitation & { inviter: string };

function selectOpenInvitations(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom('invitations')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'invitations.inviter_id')
        .onRef('users.organisation_id', '=', 'invitations.organisation_id'),
    )
    .select(COLUMNS.map((column) => `invitations.${column}` as const))
    .select('users.name as inviter')
    .where('invitations.organisation_id', '=', organisationId)
    .where('invitations.accepted_at', 'is', null);
}

/** The organisation's invitations not accepted yet (pending or expired), newest first, at most `limit`. */
export async function listOpenInvitations(
  db: Kysely<Database>,
  organisationId: string,
  limit: number,
): Promise<OpenInvitation[]> {
  const rows = await selectOpenInvitations(db, organisationId)
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toInvitation(row), inviter: row.inviter }));
}

/** How many invitations of the organisation are not accepted yet (pending or expired). */
export async function countOpenInvitations(db: Kysely<Database>, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One of the organisation's invitations not accepted yet; null for an accepted or foreign one. */
export async function findOpenInvitation(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<OpenInvitation | null> {
  const row = await selectOpenInvitations(db, organisationId)
    .where('invitations.id', '=', id)
    .executeTakeFirst();
  return row ? { ...toInvitation(row), inviter: row.inviter } : null;
}

/**
 * Gives an invitation not accepted yet a new link: the old token's hash is replaced, so its link stops
 * working. Answers false when it was accepted or deleted meanwhile.
 */
export async function reissueInvitation(
  db: Kysely<Database>,
  invitation: Pick<Invitation, 'organisation_id' | 'id'>,
  values: Pick<InvitationsTable, 'token_hash' | 'expires_at' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set(values)
    .where('organisation_id', '=', invitation.organisation_id)
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes one invitation not accepted yet; answers false when there was none. */
export async function deleteOpenInvitation(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('invitations')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
