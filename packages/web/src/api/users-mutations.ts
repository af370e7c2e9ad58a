import type {
  InvitationCreateRequest,
  PasswordResetRequest,
  UserCreateRequest,
  UserDetail,
  UserUpdateRequest,
} from '@coffer/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { invalidateDirectory } from './invalidate-directory.js';
import {
  createUser,
  deleteUser,
  inviteUser,
  resendUserConfirmation,
  resetUserPassword,
  setUserLock,
  updateUser,
} from './users-api.js';
import { userQueryKeys } from './users-queries.js';

// Changes of users (administrators): each a mutation that refetches what shows the user afterwards.

/** A new user under the id the form chose, with their admission to the trust log and teams. */
export interface UserCreation {
  id: string;
  user: UserCreateRequest['user'];
  intents: readonly MembershipIntent[];
}

/** Adds a user (the request carries the keys made in this browser). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, user, intents }: UserCreation) => createUser(id, user, intents),
    onSuccess: () => invalidateDirectory(queryClient),
  });
}

/** Invites a user by e-mail. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: InvitationCreateRequest['invitation']) => inviteUser(invitation),
    onSuccess: () => invalidateDirectory(queryClient),
  });
}

/** Mails a Pending user a new confirmation link; the answer says whether it left. */
export function useResendUserConfirmation() {
  return useMutation({ mutationFn: (id: string) => resendUserConfirmation(id) });
}

// The user page shows the answer at once; lists refetch.
function useUserChange<V>(change: (variables: V) => Promise<UserDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKeys.one(user.id), user);
      return invalidateDirectory(queryClient);
    },
  });
}

/** Changes a user's name, administrator flag or memberships. */
export function useUpdateUser() {
  return useUserChange(
    ({
      id,
      user,
      intents,
    }: {
      id: string;
      user: UserUpdateRequest['user'];
      intents: readonly MembershipIntent[];
    }) => updateUser(id, user, intents),
  );
}

/** Blocks (locks) or unblocks a user. */
export function useSetUserLock() {
  return useUserChange(({ id, locked }: { id: string; locked: boolean }) => setUserLock(id, locked));
}

/** Resets a user's password and key pair (made in this browser). */
export function useResetUserPassword() {
  return useUserChange(({ id, reset }: { id: string; reset: PasswordResetRequest['user'] }) =>
    resetUserPassword(id, reset),
  );
}

/** Removes a user permanently. */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: { id: string; name: string }) => deleteUser(user.id),
    onSuccess: (_answer, user) => {
      queryClient.removeQueries({ queryKey: userQueryKeys.one(user.id) });
      return invalidateDirectory(queryClient);
    },
  });
}
