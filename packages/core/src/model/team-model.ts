// Teams, their memberships (users) and their assignments (chests).
import type { DestroyMarker, Id, IsoDate, NamedRef } from './common-model.js';

/** A user's place in a team; `edit_access` lets them write in chests the team may write to. */
export interface Membership {
  id: Id;
  user_id: Id;
  team_id: Id;
  edit_access: boolean;
}

/** A team's link to a chest; `edit_access` true shows as Write, false as Read. */
export interface Assignment {
  id: Id;
  vault_id: Id;
  team_id: Id;
  edit_access: boolean;
}

/** A team as the API returns it. `default_for_new_users` marks the default 'Everyone' team. */
export interface Team {
  id: Id;
  name: string;
  default_for_new_users: boolean;
  memberships: Membership[];
  assignments: Assignment[];
  created_at: IsoDate;
  updated_at: IsoDate;
  /** The chests of its assignments, when the list asked for them. */
  vaults?: NamedRef[];
  /** Members' count, when the list asked for it. */
  user_count?: number;
  /** The members with their names, on a single team's answer. */
  members?: TeamMember[];
}

/** A member of a team as a team's answer lists it. */
export interface TeamMember {
  id: Id;
  name: string;
  email: string;
  administrator: boolean;
  /** The membership row, for `memberships_attributes` changes. */
  membership_id: Id;
  edit_access: boolean;
}

/** Nested membership change: create (no id), update (id), or remove (id and `_destroy`). */
export interface MembershipAttributes extends DestroyMarker {
  id?: Id;
  user_id?: Id;
  team_id?: Id;
  edit_access?: boolean;
}

/** Nested assignment change: create (no id), update (id), or remove (id and `_destroy`). */
export interface AssignmentAttributes extends DestroyMarker {
  id?: Id;
  vault_id?: Id;
  team_id?: Id;
  edit_access?: boolean;
}

/** Body of `POST api/v1/teams.json` and `PUT api/v1/teams/{id}.json`. */
export interface TeamWriteRequest {
  team: {
    name?: string;
    memberships_attributes?: MembershipAttributes[];
    assignments_attributes?: AssignmentAttributes[];
  };
}
