import type { NamedRef, UserChestPermission, UserDetail, UserRow } from '@coffer/core';
import type { MembershipRecord } from '../repositories/membership-repository.js';
import type { UserListRecord } from '../repositories/user-repository.js';
import { presentMembership } from './team-presenter.js';

/**
 * A row of the admin users list (core's UserRow): permissions (`administrator`), Accepted or Pending
 * (`confirmed_at`), locked, teams. Never credentials, tokens or the sealed private key.
 */
export function presentUserRow(user: UserListRecord, ownerId: string, teams: NamedRef[]): UserRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    administrator: user.administrator,
    data_administrator: user.data_administrator,
    confirmed_at: user.confirmed_at,
    locked: user.locked,
    owner_id: ownerId,
    teams,
    public_key: user.public_key === '' ? null : user.public_key,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

/** What a user's page adds to the row. */
export interface UserDetailExtras {
  teams: NamedRef[];
  memberships: MembershipRecord[];
  permissions: UserChestPermission[];
}

/** One user for administrators (core's UserDetail): the row, memberships and chest permissions. */
export function presentUserDetail(
  user: UserListRecord & { must_change_password: boolean; otp_required_for_login: boolean },
  ownerId: string,
  extras: UserDetailExtras,
): UserDetail {
  return {
    ...presentUserRow(user, ownerId, extras.teams),
    must_change_password: user.must_change_password,
    otp_required_for_login: user.otp_required_for_login,
    memberships: extras.memberships.map(presentMembership),
    permissions: extras.permissions,
  };
}
