import type { AdmissionHow, TrustChange, TrustState } from '@coffer/core';
import { activeUser } from '@coffer/core';

/*
 * What an administrator means by a membership call, said in ids the administrator chose on the
 * screen (docs/web.md, "Membership calls carry their entries"), and the trust-log changes that say
 * it. The changes are derived from the verified state, never from what the server answers: the state
 * says what holds now, the intent says what the call leaves, and only the difference is signed. A
 * user the log has not admitted has no place in it (browsers do not trust them), so what names them
 * is left to the call alone.
 */

export type MembershipIntent =
  /** A user in a team: `edit` is the membership's Write, null that they leave it. */
  | { kind: 'member'; team: string; user: string; edit: boolean | null }
  /** A team's access to a chest: `edit` is Write, else Read; null unassigns. */
  | { kind: 'assignment'; chest: string; team: string; edit: boolean | null }
  | { kind: 'manager'; chest: string; user: string; present: boolean }
  | { kind: 'team-deleted'; team: string }
  /** A chest deleted: its assignments and managers end with it. */
  | { kind: 'chest-deleted'; chest: string }
  | { kind: 'removed'; user: string }
  | { kind: 'role'; user: string; admin: boolean }
  | { kind: 'admitted'; user: string; email: string; publicKey: string; admin: boolean; how: AdmissionHow }
  | { kind: 'reset'; user: string; publicKey: string }
  | { kind: 'owner'; user: string };

const admitted = (state: TrustState, id: string) => activeUser(state, id) !== undefined;

function memberChange(state: TrustState, intent: Extract<MembershipIntent, { kind: 'member' }>) {
  const now = state.teams.get(intent.team)?.get(intent.user);
  if (!admitted(state, intent.user) || now === (intent.edit ?? undefined)) return [];
  const body = { team: intent.team, user: intent.user };
  return [
    intent.edit === null
      ? { op: 'team_member' as const, body: { ...body, edit: false, present: false } }
      : { op: 'team_member' as const, body: { ...body, edit: intent.edit, present: true } },
  ];
}

function assignmentChange(state: TrustState, intent: Extract<MembershipIntent, { kind: 'assignment' }>) {
  const now = state.chests.get(intent.chest)?.teams.get(intent.team);
  if (now === (intent.edit ?? undefined)) return [];
  const body = { chest: intent.chest, team: intent.team };
  return [
    intent.edit === null
      ? { op: 'chest_team' as const, body: { ...body, edit: false, present: false } }
      : { op: 'chest_team' as const, body: { ...body, edit: intent.edit, present: true } },
  ];
}

function managerChange(state: TrustState, intent: Extract<MembershipIntent, { kind: 'manager' }>) {
  const now = state.chests.get(intent.chest)?.managers.has(intent.user) ?? false;
  if (!admitted(state, intent.user) || now === intent.present) return [];
  return [
    {
      op: 'chest_manager' as const,
      body: { chest: intent.chest, user: intent.user, present: intent.present },
    },
  ];
}

function chestDeleted(state: TrustState, chestId: string): TrustChange[] {
  const chest = state.chests.get(chestId);
  if (!chest) return [];
  return [
    ...[...chest.teams.keys()].sort().map((team) => ({
      op: 'chest_team' as const,
      body: { chest: chestId, team, edit: false, present: false },
    })),
    ...[...chest.managers].sort().map((user) => ({
      op: 'chest_manager' as const,
      body: { chest: chestId, user, present: false },
    })),
  ];
}

/**
 * The changes that take `state` to what one intent says: none when the state already says it. The
 * caller folds them (core's fold, sign-trust-changes.ts) before judging the next intent, so an
 * admission lets the same call then place the new user in teams.
 */
export function trustChangesOf(state: TrustState, intent: MembershipIntent): TrustChange[] {
  switch (intent.kind) {
    case 'member':
      return memberChange(state, intent);
    case 'assignment':
      return assignmentChange(state, intent);
    case 'manager':
      return managerChange(state, intent);
    case 'team-deleted':
      return state.teams.has(intent.team) ||
        [...state.chests.values()].some((chest) => chest.teams.has(intent.team))
        ? [{ op: 'team_delete', body: { team: intent.team } }]
        : [];
    case 'chest-deleted':
      return chestDeleted(state, intent.chest);
    case 'removed':
      return admitted(state, intent.user) ? [{ op: 'remove', body: { user: intent.user } }] : [];
    case 'role':
      return activeUser(state, intent.user) && activeUser(state, intent.user)?.admin !== intent.admin
        ? [{ op: 'role', body: { user: intent.user, admin: intent.admin } }]
        : [];
    case 'admitted':
      return state.users.has(intent.user)
        ? []
        : [
            {
              op: 'admit',
              body: {
                user: intent.user,
                email: intent.email,
                public_key: intent.publicKey,
                admin: intent.admin,
                how: intent.how,
              },
            },
          ];
    case 'reset':
      return admitted(state, intent.user)
        ? [{ op: 'reset', body: { user: intent.user, public_key: intent.publicKey } }]
        : [];
    case 'owner':
      return state.owner === intent.user ? [] : [{ op: 'owner', body: { user: intent.user } }];
  }
}
