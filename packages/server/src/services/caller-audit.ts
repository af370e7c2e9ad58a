import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CallerAccess } from '../policy/index.js';
import { type AuditUser, insertAuditEntry } from '../repositories/audit-log-repository.js';

/** The kinds of object the audit log names (`object_type`). */
export type AuditObjectType =
  | 'Vault'
  | 'Secret'
  | 'Team'
  | 'SecretKey'
  | 'ImportBatch'
  | 'User'
  | 'Invitation'
  | 'Organisation';

/**
 * Who an entry is by: the signed-in caller (a CallerAccess), or the account holder of a request
 * made before there is a session (see auditOwnAccount).
 */
export interface AuditCaller {
  user: AuditUser;
  organisation: { id: string };
}

/**
 * Services' one way to write the audit log: the caller's entry about an object. Call it inside the
 * transaction of the change it records, so both commit or neither does.
 */
export async function auditByCaller(
  trx: Kysely<Database>,
  caller: AuditCaller,
  action: string,
  objectType: AuditObjectType,
  objectId: string | null,
): Promise<void> {
  await insertAuditEntry(trx, {
    organisationId: caller.organisation.id,
    user: caller.user,
    action,
    objectType,
    objectId,
  });
}

/**
 * A user's entry about their own account (sign-in and out, registration, confirmation, profile,
 * password, two-factor). Sign-in, registration and confirmation have no signed-in caller yet: the
 * actor is the account holder, so the entry is the same whether or not a session exists. Pass the
 * user row as changed, so the entry names them as they are now (a new name or address included).
 */
export function auditOwnAccount(
  trx: Kysely<Database>,
  user: AuditUser & { organisation_id: string },
  action: string,
): Promise<void> {
  return auditByCaller(trx, { user, organisation: { id: user.organisation_id } }, action, 'User', user.id);
}

/** The caller's audit entry about their organisation (settings, ownership, billing). */
export function auditOrganisationChange(
  trx: Kysely<Database>,
  caller: CallerAccess,
  action: string,
): Promise<void> {
  return auditByCaller(trx, caller, action, 'Organisation', caller.organisation.id);
}
