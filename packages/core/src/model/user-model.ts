// Users and the signed-in user's own profile.
import type { MailOutcome } from '../constants/account-mail.js';
import type { SubscriptionResponse } from './billing-model.js';
import type { Id, IsoDate, ListQuery, NamedRef } from './common-model.js';
import type { Membership, MembershipAttributes } from './team-model.js';

/**
 * One chest a user reaches, as shown on the admin user page: Administrator (administrators reach
 * every chest), Read & Write (`manager`, or `edit_access`: an edit membership in a team whose
 * assignment to the chest has edit access), else Read only (core's chestAccessLabel).
 */
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
  /** A new address waiting for its link to be opened (an e-mail change); absent or null when none. */
  pending_email?: string | null;
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

/**
 * Body of `PUT api/v1/users/{id}.json` (administrators; answers UserDetail). The e-mail is read-only:
 * any other field is refused (400 `Field user.email is invalid`). `administrator` cannot change on
 * oneself or the owner (403); `data_administrator` is the owner's to give (403 for others).
 * `memberships_attributes` never touch the default team (400): the edit form leaves it out.
 */
export interface UserUpdateRequest {
  user: {
    name?: string;
    administrator?: boolean;
    data_administrator?: boolean;
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

/**
 * One row of `GET api/v1/users.json` (administrators; `{items, total}`, sorted by USER_SORT_KEYS,
 * `filter` matching name or e-mail). Permissions show as Admin or User (`administrator`),
 * `confirmed_at` as Accepted or Pending; `teams` are every team of the user, the default one too.
 */
export interface UserRow {
  id: Id;
  name: string;
  email: string;
  administrator: boolean;
  data_administrator: boolean;
  /** Set once the e-mail is confirmed (or the invitation accepted): Accepted; null: Pending. */
  confirmed_at: IsoDate | null;
  /** Blocked: cannot sign in, and every session of theirs has ended. */
  locked: boolean;
  /** The organisation owner's id (the row is the owner's when it equals `id`). */
  owner_id: Id;
  teams: NamedRef[];
  /** Base64 SPKI; its fingerprint is shown on the user's page (crypto.md). Null before keys exist. */
  public_key: string | null;
  created_at: IsoDate;
  updated_at: IsoDate;
}

/**
 * Query of `GET api/v1/users.json`: the generic list parameters (`order` = '<USER_SORT_KEYS> asc|desc')
 * plus `team_id`, which lists the members of that team only (the team's show page).
 */
export interface UserListQuery extends ListQuery {
  team_id?: Id;
}

/**
 * Answer of `GET api/v1/users/{id}.json?options=*` (administrators), and of the user's update,
 * lock, unlock and reset: the row plus what the user page and the edit form need.
 */
export interface UserDetail extends UserRow {
  must_change_password: boolean;
  otp_required_for_login: boolean;
  /** Every membership, the default team's included (the edit form leaves that one out). */
  memberships: Membership[];
  /** Every chest the user reaches (administrators: every chest of the organisation), by name. */
  permissions: UserChestPermission[];
}

/**
 * `GET api/v1/users/{id}/lock.json` and `unlock.json` (also POST) answer the user; locking ends
 * every session of theirs, and their sign-in is refused (401 'Your account has been locked. Please
 * contact your administrator.'). An administrator cannot be locked (400 `{errors: ['Administrators
 * cannot be locked.']}`): the Block toggle is disabled for them.
 */
export type UserLockResponse = UserDetail;

/**
 * Body of `PATCH api/v1/users/{id}/reset_password.json` is PasswordResetRequest (auth-model): a new key
 * pair made in the administrator's browser from a password of 12+ characters, `password` and
 * `password_confirmation` both its auth hash. The server replaces the keys, drops the user's wrapped
 * secret keys (they become missing keys to reshare), sets must_change_password and ends their sessions.
 * Never one's own or the owner's (403).
 */
export type UserResetResponse = UserDetail;

/**
 * A password change while `must_change_password` is set (`PATCH /users.json`, api.md): the user's
 * browser makes a fresh key pair, so nobody but the user ever held the private key that the
 * administrator's generated password could open. The server stores the new public key and drops the
 * user's wrapped secret keys (missing keys for administrators to reshare). `public_key` is refused
 * (400) on any other password or e-mail change. `key_endorsement` is the new public key signed with
 * the OLD private key (core's endorseKeyRotation, base64 of 384 bytes): browsers that trusted the old
 * key trust the new one after checking it (docs/crypto.md, "Key rotation endorsements").
 */
export interface PersonalPasswordChange {
  password: string;
  current_password: string;
  encrypted_private_key: string;
  private_key_iv: string;
  must_change_password: false;
  public_key: string;
  kdf_iterations: number;
  key_endorsement?: string;
}

/**
 * Answer of `GET api/v1/users/{id}/key_endorsement.json` (any signed-in user of the organisation): the
 * user's public key and, when their last key rotation was endorsed, the previous public key and its
 * signature of the rotation (nulls otherwise). Public-key material only: the server cannot vouch for
 * it, so browsers verify it (verifyKeyRotation) before trusting anything.
 */
export interface KeyEndorsementResponse {
  user_id: Id;
  public_key: string | null;
  endorsing_public_key: string | null;
  key_endorsement: string | null;
}

/**
 * An invitation as administrators see it (never the token). `created_at` is when its link was last
 * sent: a resend issues a new link and moves it, with `expires_at`.
 */
export interface InvitationResponse {
  id: Id;
  name: string;
  email: string;
  team_ids: Id[];
  inviter: string;
  expires_at: IsoDate;
  created_at: IsoDate;
}

/** Answer of `POST api/v1/invitations.json` and of a resend: the invitation, and whether its mail left. */
export type InvitationSentResponse = InvitationResponse & MailOutcome;

/**
 * One item of `GET api/v1/invitations.json` (administrators, `{items, total}`, newest first): an
 * invitation not accepted yet, pending or expired. A pending one holds a seat; an expired one can be
 * resent.
 */
export interface InvitationRow extends InvitationResponse {
  expired: boolean;
}
