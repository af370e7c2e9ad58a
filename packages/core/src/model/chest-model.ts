// Chests (vaults in the API): where secrets live and what teams are linked to.
import type { Id, IsoDate, NamedRef } from './common-model.js';
import type { SecretListItem } from './secret-model.js';
import type { Assignment, AssignmentAttributes } from './team-model.js';

/** A user with access to a chest; `manager` is set per user per chest. */
export interface ChestUser {
  id: Id;
  name?: string;
  email?: string;
  manager: boolean;
  administrator: boolean;
}

/** A chest as the API returns it (the spec's "Chest (vault)"). */
export interface Chest {
  id: Id;
  name: string;
  teams?: NamedRef[];
  users?: ChestUser[];
  assignments?: Assignment[];
  /** Live secrets the caller can see in it (hidden ones count for administrators only). */
  secret_count: number;
  /** Teams linked to it. */
  team_count?: number;
  /** Rotate its secrets every N days (issue 31): stale ones join the rotation list; null for none. */
  rotation_days?: number | null;
  secrets?: SecretListItem[];
  created_at: IsoDate;
  updated_at: IsoDate;
  total?: number;
}

/** The API's name for a chest. */
export type Vault = Chest;

/** Body of `POST api/v1/vaults.json` and `PUT|PATCH api/v1/vaults/{id}.json`. */
export interface ChestWriteRequest {
  vault: {
    name?: string;
    assignments_attributes?: AssignmentAttributes[];
    /** Administrators: 'rotate every N days' (1 to 3650), or null for no policy. */
    rotation_days?: number | null;
  };
  options?: string[];
}

/** Body of `POST api/v1/vaults/{id}/promote` and `/demote` (set or remove a manager). */
export interface ManagerChangeRequest {
  user_id: Id;
}

/**
 * Why a user reads a chest's secrets, as the server states it: an administrator (every secret, hidden ones
 * included), the chest's manager, or a member of a team assigned to it. The server's claim, not signed yet
 * (signed membership is issue 25's part II): the web app shows it to help a person judge, never to trust.
 */
export type ReaderReason =
  | { kind: 'administrator' }
  | { kind: 'manager' }
  | { kind: 'team'; team_id: Id; team_name: string };

/** One entry of `GET api/v1/vaults/{id}/public_keys.json`. */
export interface PublicKeyEntry {
  user_id: Id;
  public_key: string;
  /** Why this user reads (at least one); always in the public_keys answer, absent where an entry is reused. */
  reasons?: ReaderReason[];
}

/** Answer of `GET api/v1/vaults/{id}/public_keys.json`: everyone who must get a wrapped key. */
export interface PublicKeysResponse {
  items: PublicKeyEntry[];
}
