// Who may see and write a chest and its secrets (architecture.md, permission model).
import type { AccessContext, SecretAccessContext } from './access-context.js';

/** Whether the user manages the chest. */
export function isChestManager({ user, chestId, managers }: AccessContext): boolean {
  return managers.some((row) => row.user_id === user.id && row.vault_id === chestId);
}

function chestAssignmentsOfUser({ user, chestId, memberships, assignments }: AccessContext) {
  const own = memberships.filter((membership) => membership.user_id === user.id);
  return assignments
    .filter((assignment) => assignment.vault_id === chestId)
    .flatMap((assignment) =>
      own
        .filter((membership) => membership.team_id === assignment.team_id)
        .map((membership) => ({ assignment, membership })),
    );
}

/** Visible: administrators; members of a team assigned to the chest; its managers. */
export function canSeeChest(context: AccessContext): boolean {
  if (context.user.administrator) return true;
  if (isChestManager(context)) return true;
  return chestAssignmentsOfUser(context).length > 0;
}

/**
 * Writing a secret in the chest (create, edit, move out or in, mark for deletion): administrators;
 * its managers; members with edit access of a team whose assignment to it has edit access.
 */
export function canWriteChest(context: AccessContext): boolean {
  if (context.user.administrator) return true;
  if (isChestManager(context)) return true;
  return chestAssignmentsOfUser(context).some(
    ({ assignment, membership }) => assignment.edit_access && membership.edit_access,
  );
}

/** A hidden secret is for administrators only; any other follows its chest. */
export function canSeeSecret(context: SecretAccessContext): boolean {
  if (context.hidden) return context.user.administrator;
  return canSeeChest(context);
}

/** Editing or removing a secret: seeing it and writing in its chest. */
export function canWriteSecret(context: SecretAccessContext): boolean {
  return canSeeSecret(context) && canWriteChest(context);
}

/** Moving a secret needs write access in the chest it leaves and the one it joins. */
export function canMoveSecret(context: SecretAccessContext, toChestId: string): boolean {
  return canWriteSecret(context) && canWriteChest({ ...context, chestId: toChestId });
}

/** How a user's access to a chest reads in tables. */
export type ChestAccessLabel = 'Administrator' | 'Read & Write' | 'Read only';

/** Administrator for administrators; Read & Write for managers or writers; else Read only. */
export function chestAccessLabel(access: {
  administrator: boolean;
  manager?: boolean;
  canWrite?: boolean;
}): ChestAccessLabel {
  if (access.administrator) return 'Administrator';
  if (access.manager || access.canWrite) return 'Read & Write';
  return 'Read only';
}

/** A team assignment's permission: Write when it has edit access, else Read. */
export function assignmentAccessLabel(editAccess: boolean): 'Write' | 'Read' {
  return editAccess ? 'Write' : 'Read';
}
