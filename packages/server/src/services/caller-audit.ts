import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CallerAccess } from '../policy/index.js';
import { writeAudit } from './audit-log.js';

/** The kinds of object chests, secrets, keys, teams, settings and billing write to the audit log. */
export type AuditObjectType = 'Vault' | 'Secret' | 'Team' | 'SecretKey' | 'Organisation';

/** Writes the caller's audit entry; call it inside the transaction of the change it records. */
export async function auditByCaller(
  trx: Kysely<Database>,
  access: CallerAccess,
  action: string,
  objectType: AuditObjectType,
  objectId: string | null,
): Promise<void> {
  await writeAudit(trx, {
    organisationId: access.organisation.id,
    user: access.user,
    action,
    objectType,
    objectId,
  });
}

/** The caller's audit entry about their organisation (settings, ownership, billing). */
export function auditOrganisationChange(
  trx: Kysely<Database>,
  access: CallerAccess,
  action: string,
): Promise<void> {
  return auditByCaller(trx, access, action, 'Organisation', access.organisation.id);
}
