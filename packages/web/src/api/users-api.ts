import type {
  InvitationCreateRequest,
  InvitationSentResponse,
  ListResponse,
  MailOutcome,
  PasswordResetRequest,
  UserCreateRequest,
  UserDetail,
  UserRow,
  UserUpdateRequest,
} from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { requestOrThrow } from './api-client.js';
import { membershipRequest } from './membership-request.js';
import type { PagePosition } from './paging.js';

// Typed calls of the admin users area (spec section 7, api.md; the answers' shapes in core's user-model).

const USERS = '/api/v1/users.json';
const userPath = (id: string, action = '') =>
  `/api/v1/users/${encodeURIComponent(id)}${action ? `/${action}` : ''}.json`;

/** The most users a picker lists at once (the server's largest page). */
export const USER_CHOICES_LIMIT = 200;

/** Filters of the users lists. */
export interface UserListFilter {
  filter?: string;
  /** '<key> asc|desc' with key name, email or created_at. */
  order?: string;
  /** Only the members of this team (a team's show page). */
  teamId?: string;
}

/** One page of users with their teams (administrators). */
export function listUsers(
  { filter, order, teamId }: UserListFilter,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<ListResponse<UserRow>> {
  return requestOrThrow<ListResponse<UserRow>>(USERS, {
    query: { limit: PAGE_SIZE, ...position, filter: filter || undefined, order, team_id: teamId },
    ...(signal ? { signal } : {}),
  });
}

/** Users to pick from (a team's members), by name, optionally filtered. */
export function listUserChoices(filter: string, signal?: AbortSignal): Promise<ListResponse<UserRow>> {
  return requestOrThrow<ListResponse<UserRow>>(USERS, {
    query: { limit: USER_CHOICES_LIMIT, offset: 0, filter: filter || undefined, order: 'name asc' },
    ...(signal ? { signal } : {}),
  });
}

/** One user with memberships and chest permissions (spec section 7: options '*' in admin). */
export function fetchUser(id: string, signal?: AbortSignal): Promise<UserDetail> {
  return requestOrThrow<UserDetail>(userPath(id), {
    query: { options: ['*'] },
    ...(signal ? { signal } : {}),
  });
}

/**
 * Adds a user with keys made in this browser from a generated password (api.md); answers them,
 * Pending, and whether their confirmation mail left.
 */
export function createUser(
  id: string,
  user: UserCreateRequest['user'],
  intents: readonly MembershipIntent[],
): Promise<UserDetail & MailOutcome> {
  return membershipRequest<UserDetail & MailOutcome>(USERS, 'POST', { user: { ...user, id } }, intents);
}

/** Mails a Pending user a new confirmation link (administrators); answers whether the mail left. */
export function resendUserConfirmation(id: string): Promise<MailOutcome> {
  return requestOrThrow<MailOutcome>(userPath(id, 'confirmation'), { method: 'POST' });
}

/**
 * Invites an address by e-mail instead (api.md): the invitee chooses a password and makes their own
 * keys. The invitation is kept even when its mail failed (`mail_sent: false`).
 */
export function inviteUser(
  invitation: InvitationCreateRequest['invitation'],
): Promise<InvitationSentResponse> {
  const body: InvitationCreateRequest = { invitation };
  return requestOrThrow<InvitationSentResponse>('/api/v1/invitations.json', { method: 'POST', body });
}

/** Changes a user's name, administrator flag and memberships (ids, `_destroy`); answers the user. */
export function updateUser(
  id: string,
  user: UserUpdateRequest['user'],
  intents: readonly MembershipIntent[],
): Promise<UserDetail> {
  return membershipRequest<UserDetail>(userPath(id), 'PUT', { user }, intents);
}

/** Removes a user permanently (never oneself or the owner: the server refuses). */
export function deleteUser(id: string): Promise<unknown> {
  return membershipRequest(userPath(id), 'DELETE', undefined, [{ kind: 'removed', user: id }]);
}

/** Blocks a user (`lock`: their sessions end) or lets them in again (`unlock`). */
export function setUserLock(id: string, locked: boolean): Promise<UserDetail> {
  return requestOrThrow<UserDetail>(userPath(id, locked ? 'lock' : 'unlock'));
}

/** Replaces a user's password and key pair with ones made in this browser (spec section 3's reset). */
export function resetUserPassword(id: string, user: PasswordResetRequest['user']): Promise<UserDetail> {
  return membershipRequest<UserDetail>(userPath(id, 'reset_password'), 'PATCH', { user }, [
    { kind: 'reset', user: id, publicKey: user.public_key },
  ]);
}
