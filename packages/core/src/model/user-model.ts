// Users and the signed-in user's own profile.
import type { SubscriptionResponse } from './billing-model.js';
import type { Id, IsoDate, NamedRef } from './common-model.js';
import type { MembershipAttributes } from './team-model.js';

/** One chest a user reaches, as shown on the admin user page. */
export interface UserChestPermission {
  vault_id: Id;
  name: string;
  edit_access: boolean;
  manager: boolean;
}

/** A user as the API returns it to administrators and in lists. */
export interface User {
  id: Id;
  name: string;
  email: string;
  administrator: boolean;
  data_administrator: boolean;
  dark_mode: boolean;
  first_time: boolean;
  has_secret: boolean;
  tutorial: boolean;
  /** Minutes before auto logout; -1 means never. */
  inactivity_length: number;
  locked: boolean;
  must_change_password: boolean;
  otp_required_for_login: boolean;
  created_at: IsoDate;
  updated_at: IsoDate;
  /** Set once the e-mail is confirmed: Accepted; null: Pending. */
  confirmed_at: IsoDate | null;
  /** The organisation owner's id. */
  owner_id: Id;
  public_key?: string | null;
  teams?: NamedRef[];
  permissions?: UserChestPermission[];
}

/** The signed-in user (`GET api/v1/profile.json`): the user plus own key material and billing state. */
export interface Profile extends User {
  encrypted_private_key: string;
  private_key_iv: string;
  public_key: string;
  kdf_iterations: number;
  /** The user's organisation. */
  organisation?: NamedRef;
  trialled?: boolean;
  subscribed?: boolean;
  subscription?: SubscriptionResponse;
}

/** Body of `PATCH api/v1/profile.json`. */
export interface ProfileUpdateRequest {
  user: { first_time?: boolean; dark_mode?: boolean; tutorial?: boolean; name?: string };
}

/** Body of `POST api/v1/users.json` (administrator adds a user with a generated password). */
export interface UserCreateRequest {
  user: {
    name: string;
    email: string;
    /** Auth hash of the generated password. */
    password: string;
    public_key: string;
    encrypted_private_key: string;
    private_key_iv: string;
    kdf_iterations: number;
    team_ids?: Id[];
  };
}

/** Body of `PUT api/v1/users/{id}.json`. */
export interface UserUpdateRequest {
  user: {
    name?: string;
    administrator?: boolean;
    memberships_attributes?: MembershipAttributes[];
  };
}

/** Body of `POST api/v1/invitations.json`. */
export interface InvitationCreateRequest {
  invitation: { name: string; email: string; team_ids?: Id[] };
}

/** Answer of `GET api/v1/invitations/{token}.json`: what the register form prefills. */
export interface InvitationDetails {
  company: string;
  name: string;
  email: string;
  inviter: string;
}
