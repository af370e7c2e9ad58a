import {
  type Organisation as ApiOrganisation,
  INACTIVITY_OPTIONS,
  isInactivityOption,
  validateOrganisationName,
  validateTransfer,
} from '@coffer/core';
import { requireFreshPassword } from '../../auth/step-up.js';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import {
  noPermission,
  notFound,
  requireAdministrator,
  requireOwner,
  requireTransferTarget,
  TRANSFER_TARGET_MESSAGE,
} from '../../policy/index.js';
import { presentOrganisation } from '../../presenters/organisation-presenter.js';
import { describeAuditUser } from '../../repositories/audit-log-repository.js';
import {
  changeOwner,
  claimOwnedOrganisation,
  deleteOrganisationRows,
  type OrganisationSettings,
  updateOrganisationSettings,
} from '../../repositories/organisation-repository.js';
import { revokeUserSessions } from '../../repositories/session-repository.js';
import { findUserById } from '../../repositories/user-repository.js';
import { auditOrganisationChange } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries } from '../trust-log/trust-entries-guard.js';

/** PUT with an inactivity length that is not one of the Auto Logout options (spec section 9). */
export const INACTIVITY_OPTION_MESSAGE = `Auto Logout must be one of: ${INACTIVITY_OPTIONS.map(
  (option) => option.label,
).join(', ')}.`;
/** Transfer to an administrator who cannot sign in (locked, or not yet confirmed). */
export const TRANSFER_INACTIVE_TARGET_MESSAGE =
  'Ownership can only be transferred to an administrator who can sign in.';

const inactivityLabel = (minutes: number) =>
  INACTIVITY_OPTIONS.find((option) => option.value === minutes)?.label ?? `${minutes} minutes`;

/** GET /api/v1/organisation: every user of the organisation reads it (their auto-logout figure). */
export function showOrganisation(_ctx: ServiceContext, caller: CallerAccess): ApiOrganisation {
  return presentOrganisation(caller.organisation);
}

/**
 * PUT /api/v1/organisation: `inactivity_length` by an administrator (one of the Auto Logout options),
 * `name` by the owner alone (not empty, at most 255 characters). Everything is checked before
 * anything is written; each setting that changes gets its audit entry in the same transaction.
 */
export async function changeOrganisationSettings(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: OrganisationSettings,
): Promise<ApiOrganisation> {
  const { db } = ctx;
  const { organisation } = caller;
  const settings: OrganisationSettings = {};
  const actions: string[] = [];
  if (input.inactivity_length !== undefined) {
    requireAdministrator(caller);
    if (!isInactivityOption(input.inactivity_length)) throw AppError.validation(INACTIVITY_OPTION_MESSAGE);
    if (input.inactivity_length !== organisation.inactivity_length) {
      settings.inactivity_length = input.inactivity_length;
      actions.push(`Changed auto logout to ${inactivityLabel(input.inactivity_length)}`);
    }
  }
  if (input.name !== undefined) {
    requireOwner(caller);
    const [problem] = validateOrganisationName({ organisationName: input.name }).errors;
    if (problem) throw AppError.validation(problem);
    const name = input.name.trim();
    if (name !== organisation.name) {
      settings.name = name;
      actions.push(`Renamed the organisation to ${name}`);
    }
  }
  if (actions.length === 0) return presentOrganisation(organisation);
  const updated = await runChange(db, organisation.id, async (trx) => {
    const row = await updateOrganisationSettings(trx, organisation.id, settings, new Date().toISOString());
    for (const action of actions) await auditOrganisationChange(trx, caller, action);
    return row;
  });
  return presentOrganisation(updated);
}

/**
 * PATCH /api/v1/organisation/transfer: the owner gives the organisation to another administrator of
 * it. The session must have proved the password within five minutes (verify_password), so a stolen
 * token alone cannot give the organisation away. The former owner's other sessions end; the one
 * that made the transfer stays.
 */
export async function transferOwnership(
  ctx: ServiceContext,
  caller: CallerAccess,
  ownerId: string | undefined,
  trustEntries?: unknown,
): Promise<ApiOrganisation> {
  const { db } = ctx;
  const { user, organisation } = caller;
  requireOwner(caller);
  requireFreshPassword(caller);
  const entries = parseTrustEntries(trustEntries);
  const [pick] = validateTransfer({ ownerId }).errors;
  if (pick || ownerId === undefined) throw AppError.validation(pick ?? TRANSFER_TARGET_MESSAGE);
  const target = await findUserById(db, organisation.id, ownerId);
  if (!target) throw notFound();
  requireTransferTarget(caller, target);
  if (target.locked || !target.confirmed_at) throw AppError.validation(TRANSFER_INACTIVE_TARGET_MESSAGE);

  const updated = await runMembershipChange(db, caller, entries, async (trx) => {
    const at = new Date().toISOString();
    const row = await changeOwner(trx, organisation.id, user.id, target.id, at);
    if (!row) return null;
    await revokeUserSessions(trx, user, 'ownership_transferred', { exceptSessionId: caller.session.id, at });
    await auditOrganisationChange(trx, caller, `Transferred ownership to ${describeAuditUser(target)}`);
    return row;
  });
  // Someone else's transfer or a deletion got there first: the caller no longer owns it.
  if (!updated) throw noPermission();
  return presentOrganisation(updated);
}

/**
 * DELETE /api/v1/organisation: the owner deletes the organisation and every row of it in one
 * transaction: users (so their addresses can register again), sessions (so every session ends),
 * teams, chests, secrets, keys, invitations, the audit log and billing records. Like a transfer,
 * it needs a session that has just proved the password. No audit entry survives it: the audit log
 * goes with the organisation. Nothing kept in memory refers to the organisation afterwards.
 */
export async function deleteOrganisation(ctx: ServiceContext, caller: CallerAccess): Promise<void> {
  const { db } = ctx;
  const { user, organisation } = caller;
  requireOwner(caller);
  requireFreshPassword(caller);
  // A provider that bills elsewhere (Stripe) must stop charging before its ids go with the rows
  // below; the local ledger's rows are deleted by the transaction itself.
  if (ctx.billing && ctx.billing.mode !== 'local') await ctx.billing.forgetOrganisation(organisation.id);
  const deleted = await runChange(db, organisation.id, async (trx) => {
    if (!(await claimOwnedOrganisation(trx, organisation.id, user.id, new Date().toISOString()))) {
      return false;
    }
    await deleteOrganisationRows(trx, organisation.id);
    return true;
  });
  if (!deleted) throw noPermission();
}
