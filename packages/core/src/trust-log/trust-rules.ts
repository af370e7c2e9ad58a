import { canRemoveUser, canToggleAdministrator, canTransferOwnership } from '../permissions/user-policy.js';
import type { SnapshotBody, TrustChange, TrustEntry } from './trust-entry.js';
import { TrustLogError } from './trust-log-error.js';
import { activeAdministratorIds, activeUser, type TrustState, type TrustUser } from './trust-state.js';

/*
 * The authority rules of the trust log, and what each change does to the state. Every rule is checked
 * against the state folded up to the entry before (the one passed in), and every check comes before
 * the first change, so a refused entry leaves the state as it was. The roles are core's user policy
 * (never oneself or the owner; ownership only to another administrator), so the log and the server's
 * own checks agree.
 */

/** What the fold verified before the rules run: the fingerprint of the key the body carries, if any. */
export interface VerifiedKey {
  publicKey: string;
  fingerprint: string;
}

const unauthorised = (message: string): never => {
  throw new TrustLogError('unauthorised', message);
};
const refused = (message: string): never => {
  throw new TrustLogError('refused', message);
};

function requireAdministrator(actor: TrustUser, what: string): void {
  if (!actor.admin) unauthorised(`Only an administrator may ${what}.`);
}

function requireActive(state: TrustState, id: string): TrustUser {
  return activeUser(state, id) ?? refused('The entry names a user who is not an active member.');
}

function requireNotLastAdministrator(state: TrustState, target: TrustUser): void {
  const administrators = activeAdministratorIds(state);
  if (target.admin && administrators.length === 1) refused('The last administrator cannot be removed.');
}

// One key, one person: a key another active member holds is never bound to someone else.
function requireKeyUnheld(state: TrustState, key: VerifiedKey, userId: string): void {
  for (const user of state.users.values()) {
    if (user.active && user.id !== userId && user.fingerprint === key.fingerprint) {
      refused('This key already belongs to another member.');
    }
  }
}

const ownerRef = (state: TrustState) => ({ owner_id: state.owner });
const asActor = (user: TrustUser) => ({ id: user.id, administrator: user.admin });

type Handler<Op extends TrustChange['op']> = (
  state: TrustState,
  actor: TrustUser,
  body: Extract<TrustChange, { op: Op }>['body'],
  key: VerifiedKey | undefined,
) => void;

function dropUserFromMemberships(state: TrustState, userId: string): void {
  for (const [teamId, members] of state.teams) {
    members.delete(userId);
    if (members.size === 0) state.teams.delete(teamId);
  }
  for (const [chestId, chest] of state.chests) {
    chest.managers.delete(userId);
    if (chest.teams.size === 0 && chest.managers.size === 0) state.chests.delete(chestId);
  }
}

function chestOf(state: TrustState, chestId: string) {
  let chest = state.chests.get(chestId);
  if (!chest) {
    chest = { teams: new Map(), managers: new Set() };
    state.chests.set(chestId, chest);
  }
  return chest;
}

function forgetEmptyChest(state: TrustState, chestId: string): void {
  const chest = state.chests.get(chestId);
  if (chest && chest.teams.size === 0 && chest.managers.size === 0) state.chests.delete(chestId);
}

function applySnapshot(state: TrustState, body: SnapshotBody): void {
  const named = [
    ...body.teams.flatMap((team) => team.members.map((member) => member.user)),
    ...body.chests.flatMap((chest) => chest.managers),
  ];
  for (const id of named) requireActive(state, id);
  state.teams = new Map(
    body.teams
      .filter((team) => team.members.length > 0)
      .map((team) => [team.team, new Map(team.members.map((member) => [member.user, member.edit]))]),
  );
  state.chests = new Map(
    body.chests
      .filter((chest) => chest.teams.length > 0 || chest.managers.length > 0)
      .map((chest) => [
        chest.chest,
        {
          teams: new Map(chest.teams.map((assignment) => [assignment.team, assignment.edit])),
          managers: new Set(chest.managers),
        },
      ]),
  );
}

const HANDLERS: { [Op in Exclude<TrustChange['op'], 'genesis'>]: Handler<Op> } = {
  admit: (state, actor, body, key) => {
    requireAdministrator(actor, 'admit a user');
    if (state.users.has(body.user)) refused('This user is already in the log; a user id is admitted once.');
    if (!key) throw new TrustLogError('malformed', 'The entry carries no key.');
    requireKeyUnheld(state, key, body.user);
    state.users.set(body.user, {
      id: body.user,
      email: body.email,
      publicKey: key.publicKey,
      fingerprint: key.fingerprint,
      keyOrigin: body.how,
      admin: body.admin,
      active: true,
    });
  },
  key: (state, actor, body, key) => {
    if (body.user !== actor.id) unauthorised('Only the user may rotate their own key.');
    if (!key) throw new TrustLogError('malformed', 'The entry carries no key.');
    if (key.fingerprint === actor.fingerprint) refused('The new key is the key the user already has.');
    requireKeyUnheld(state, key, actor.id);
    state.users.set(actor.id, {
      ...actor,
      publicKey: key.publicKey,
      fingerprint: key.fingerprint,
      keyOrigin: 'rotated',
    });
  },
  reset: (state, actor, body, key) => {
    requireAdministrator(actor, 'reset a password');
    const target = requireActive(state, body.user);
    if (target.id === actor.id || target.id === state.owner)
      refused('Neither oneself nor the owner can be reset.');
    if (!key) throw new TrustLogError('malformed', 'The entry carries no key.');
    requireKeyUnheld(state, key, target.id);
    state.users.set(target.id, {
      ...target,
      publicKey: key.publicKey,
      fingerprint: key.fingerprint,
      keyOrigin: 'reset',
    });
  },
  role: (state, actor, body) => {
    requireAdministrator(actor, 'grant or remove administrator');
    const target = requireActive(state, body.user);
    if (!body.admin) requireNotLastAdministrator(state, target);
    if (!canToggleAdministrator(asActor(actor), target, ownerRef(state))) {
      refused('Administrator cannot be changed on oneself or on the owner.');
    }
    state.users.set(target.id, { ...target, admin: body.admin });
  },
  remove: (state, actor, body) => {
    requireAdministrator(actor, 'remove a user');
    const target = requireActive(state, body.user);
    requireNotLastAdministrator(state, target);
    if (!canRemoveUser(asActor(actor), target, ownerRef(state)))
      refused('Neither oneself nor the owner can be removed.');
    state.users.set(target.id, { ...target, admin: false, active: false });
    dropUserFromMemberships(state, target.id);
  },
  team_member: (state, actor, body) => {
    requireAdministrator(actor, 'change a team');
    if (body.present) {
      requireActive(state, body.user);
      const members = state.teams.get(body.team) ?? new Map<string, boolean>();
      members.set(body.user, body.edit);
      state.teams.set(body.team, members);
      return;
    }
    const members = state.teams.get(body.team);
    members?.delete(body.user);
    if (members?.size === 0) state.teams.delete(body.team);
  },
  team_delete: (state, actor, body) => {
    requireAdministrator(actor, 'delete a team');
    state.teams.delete(body.team);
    for (const [chestId, chest] of state.chests) {
      chest.teams.delete(body.team);
      forgetEmptyChest(state, chestId);
    }
  },
  chest_team: (state, actor, body) => {
    requireAdministrator(actor, 'assign a team to a chest');
    if (body.present) chestOf(state, body.chest).teams.set(body.team, body.edit);
    else state.chests.get(body.chest)?.teams.delete(body.team);
    forgetEmptyChest(state, body.chest);
  },
  chest_manager: (state, actor, body) => {
    requireAdministrator(actor, 'change a chest manager');
    if (body.present) {
      requireActive(state, body.user);
      chestOf(state, body.chest).managers.add(body.user);
    } else {
      state.chests.get(body.chest)?.managers.delete(body.user);
    }
    forgetEmptyChest(state, body.chest);
  },
  owner: (state, actor, body) => {
    if (actor.id !== state.owner) unauthorised('Only the owner may transfer ownership.');
    const target = requireActive(state, body.user);
    if (!canTransferOwnership(asActor(actor), asActor(target), ownerRef(state))) {
      refused('Ownership can go only to another user flagged administrator.');
    }
    state.owner = target.id;
  },
  snapshot: (state, actor, body) => {
    if (actor.id !== state.owner) unauthorised('Only the owner may sign a snapshot.');
    applySnapshot(state, body);
  },
};

/**
 * Checks that `actor` (active in `state`) may make this change, then makes it in `state` (mutated).
 * Genesis is the fold's: it has no state before it.
 */
export function applyChange(
  state: TrustState,
  actor: TrustUser,
  entry: Exclude<TrustEntry, { op: 'genesis' }>,
  key: VerifiedKey | undefined,
): void {
  const handler = HANDLERS[entry.op] as Handler<typeof entry.op>;
  handler(state, actor, entry.body as never, key);
}
