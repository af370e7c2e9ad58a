import type { AdmissionHow } from './trust-entry.js';

/**
 * Where a user's current key came from: genesis (the owner's own), an admission's `how`, 'reset'
 * (made by an administrator at a password reset) or 'rotated' (made by the user, endorsed by the key
 * before). A key from 'created' or 'reset' is known to an administrator: the user's browser replaces
 * it at first sign-in, whatever the server says about the password.
 */
export type KeyOrigin = 'genesis' | AdmissionHow | 'reset' | 'rotated';

/** A user as the log binds them. Removed users stay, inactive, so that their id is never admitted again. */
export interface TrustUser {
  id: string;
  email: string;
  /** Base64 SPKI of the current key, and its fingerprint (publicKeyFingerprint). */
  publicKey: string;
  fingerprint: string;
  keyOrigin: KeyOrigin;
  admin: boolean;
  active: boolean;
}

/** A chest's assigned teams (team id → Write) and managers. */
export interface TrustChest {
  teams: Map<string, boolean>;
  managers: Set<string>;
}

/**
 * The organisation as the verified log says it is after entry `seq`, whose hash is `head`. Teams map
 * each member to their edit access; a team or chest exists here only while something refers to it.
 */
export interface TrustState {
  org: string;
  name: string;
  owner: string;
  seq: number;
  head: string;
  users: Map<string, TrustUser>;
  teams: Map<string, Map<string, boolean>>;
  chests: Map<string, TrustChest>;
}

/** A deep copy, so that applying an entry to it leaves the original as it was. */
export function copyTrustState(state: TrustState): TrustState {
  return {
    ...state,
    users: new Map([...state.users].map(([id, user]) => [id, { ...user }])),
    teams: new Map([...state.teams].map(([id, members]) => [id, new Map(members)])),
    chests: new Map(
      [...state.chests].map(([id, chest]) => [
        id,
        { teams: new Map(chest.teams), managers: new Set(chest.managers) },
      ]),
    ),
  };
}

/** The user if the state holds them active, else undefined. */
export function activeUser(state: TrustState, id: string): TrustUser | undefined {
  const user = state.users.get(id);
  return user?.active ? user : undefined;
}

/** Ids of the active administrators. */
export function activeAdministratorIds(state: TrustState): string[] {
  return [...state.users.values()].filter((user) => user.active && user.admin).map((user) => user.id);
}
