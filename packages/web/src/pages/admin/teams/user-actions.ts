import type { NamedRef, Team, UserDetail, UserRow } from '@coffer/core';
import { generatePassword, validateResetPassword } from '@coffer/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { refreshProfile } from '../../../api/accounts-queries.js';
import { listTeamChoices } from '../../../api/teams-api.js';
import { fetchUser } from '../../../api/users-api.js';
import {
  useRemoveUser,
  useResetUserPassword,
  useSetUserLock,
  useUpdateUser,
} from '../../../api/users-mutations.js';
import { userQueryKeys } from '../../../api/users-queries.js';
import {
  attempt,
  attemptWithFreshPassword,
  confirmThenAttempt,
  failureText,
} from '../../../components/admin-shell/admin-action.js';
import { openInputModal } from '../../../components/modals/input-modal.js';
import { openSelectModal } from '../../../components/modals/select-modal.js';
import { makeAccountKeys } from '../../../keys/make-account-keys.js';
import { notify } from '../../../lib/notification-store.js';
import { useSession } from '../../../session/use-session.js';

/** Texts of the user actions. */
export const USER_ACTION_TEXT = {
  removeTitle: (name: string) => `Remove ${name}?`,
  removeSubtext: 'The user is removed permanently, with their access to every chest.',
  removed: (name: string) => `${name} removed.`,
  leaveTitle: (name: string, team: string) => `Remove ${name} from ${team}?`,
  leaveSubtext: "They lose access to the team's chests.",
  left: (name: string, team: string) => `${name} removed from ${team}.`,
  addTitle: (name: string) => `Add ${name} to a Team`,
  addSubtext: "They get access to the team's chests once an administrator reshares the missing keys.",
  added: (name: string, team: string) => `${name} added to ${team}.`,
  administrator: (name: string, on: boolean) =>
    on ? `${name} is now an administrator.` : `${name} is no longer an administrator.`,
  dataAdministrator: (name: string, on: boolean) =>
    on ? `${name} is now a data administrator.` : `${name} is no longer a data administrator.`,
  blocked: (name: string, on: boolean) => (on ? `${name} has been blocked.` : `${name} has been unblocked.`),
  resetTitle: 'Reset Password',
  resetSubtext: (name: string) =>
    `Choose a password for ${name} of at least 12 characters, or keep the generated one, and pass it on to them. At their next login they set a personal password of their own.`,
  resetLabel: 'New Password',
  resetting: (name: string) => `Resetting the password of ${name}...`,
  resetDone: (name: string) => `The password of ${name} has been reset.`,
  resetConfirmTitle: (name: string) => `Reset the password of ${name}?`,
  resetConfirmSubtext:
    'Enter your own password to continue. Their two-step verification is turned off as well, so a lost or stolen phone cannot keep them out.',
} as const;

/**
 * SecureConfirm before granting or removing administrator: the server takes the change only from a
 * session that has just proven the password (a stolen session token must not make an administrator).
 */
export function administratorConfirm(name: string, administrator: boolean) {
  return administrator
    ? {
        title: `Make ${name} an administrator?`,
        subtext:
          'Administrators manage chests, teams, users and settings, and read every secret. Enter your password to continue.',
        confirmLabel: 'Make administrator',
      }
    : {
        title: `Remove the administrator rights of ${name}?`,
        subtext: 'They keep what their teams give them. Enter your password to continue.',
        confirmLabel: 'Remove rights',
        danger: true,
      };
}

/** 'Add {name} to a Team' lists teams with their user counts. */
function userCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'}`;
}

/** The user actions of the users table, the user page and its settings; each answers whether it was done. */
export interface UserActions {
  remove: (user: Pick<UserRow, 'id' | 'name'>) => Promise<boolean>;
  /** The cross on a team bubble: asks, then ends that membership. */
  removeFromTeam: (user: Pick<UserRow, 'id' | 'name'>, team: NamedRef) => Promise<boolean>;
  /** The Select modal: moves the user into one more team (read access). */
  addToTeam: (user: Pick<UserRow, 'id' | 'name' | 'teams'>) => Promise<boolean>;
  /** SecureConfirm (the password), then the flag. */
  setAdministrator: (user: Pick<UserRow, 'id' | 'name'>, administrator: boolean) => Promise<boolean>;
  /** The statistics dashboard's flag (the owner's to give); one's own profile follows at once. */
  setDataAdministrator: (user: Pick<UserRow, 'id' | 'name'>, dataAdministrator: boolean) => Promise<boolean>;
  setBlocked: (user: Pick<UserRow, 'id' | 'name'>, blocked: boolean) => Promise<boolean>;
  /**
   * The Input modal with a generated 12-character password (any of 12+ may be typed instead), then
   * SecureConfirm (the administrator's own password), then a new key pair sealed under it in this
   * browser and sent as the reset payload.
   */
  resetPassword: (user: Pick<UserRow, 'id' | 'name' | 'email'>) => Promise<boolean>;
}

/** User actions as mutations with their confirmations and notifications (administrators). */
export function useUserActions(): UserActions {
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const removeUser = useRemoveUser().mutateAsync;
  const updateUser = useUpdateUser().mutateAsync;
  const setLock = useSetUserLock().mutateAsync;
  const reset = useResetUserPassword().mutateAsync;

  return useMemo(() => {
    const detailOf = (id: string) =>
      queryClient.fetchQuery({
        queryKey: userQueryKeys.one(id),
        queryFn: ({ signal }) => fetchUser(id, signal),
      });
    return {
      remove: (user) =>
        confirmThenAttempt(
          {
            title: USER_ACTION_TEXT.removeTitle(user.name),
            subtext: USER_ACTION_TEXT.removeSubtext,
            confirmLabel: 'Remove',
          },
          () => removeUser(user),
          USER_ACTION_TEXT.removed(user.name),
        ),
      removeFromTeam: (user, team) =>
        confirmThenAttempt(
          {
            title: USER_ACTION_TEXT.leaveTitle(user.name, team.name),
            subtext: USER_ACTION_TEXT.leaveSubtext,
            confirmLabel: 'Remove',
          },
          async () => {
            const detail: UserDetail = await detailOf(user.id);
            const membership = detail.memberships.find((entry) => entry.team_id === team.id);
            if (!membership) return;
            await updateUser({
              id: user.id,
              user: { memberships_attributes: [{ id: membership.id, _destroy: true }] },
              intents: [{ kind: 'member', team: team.id, user: user.id, edit: null }],
            });
          },
          USER_ACTION_TEXT.left(user.name, team.name),
        ),
      addToTeam: async (user) => {
        let teams: Team[];
        try {
          teams = (await listTeamChoices('')).items;
        } catch (error) {
          notify({ type: 'error', message: failureText(error) });
          return false;
        }
        teams = teams.filter((team) => !user.teams.some((current) => current.id === team.id));
        const chosen = await openSelectModal({
          title: USER_ACTION_TEXT.addTitle(user.name),
          subtext: USER_ACTION_TEXT.addSubtext,
          listLabel: 'Teams',
          emptyText: 'No Teams Found',
          confirmLabel: 'Add',
          options: teams.map((team) => ({
            id: team.id,
            label: team.name,
            detail: userCountLabel(team.user_count ?? team.memberships.length),
          })),
        });
        const team = teams.find((entry) => entry.id === chosen);
        if (!team) return false;
        return attempt(
          () =>
            updateUser({
              id: user.id,
              user: { memberships_attributes: [{ team_id: team.id, edit_access: false }] },
              intents: [{ kind: 'member', team: team.id, user: user.id, edit: false }],
            }),
          USER_ACTION_TEXT.added(user.name, team.name),
        );
      },
      setAdministrator: async (user, administrator) =>
        profile !== undefined &&
        attemptWithFreshPassword(
          { ...administratorConfirm(user.name, administrator), account: profile },
          () =>
            updateUser({
              id: user.id,
              user: { administrator },
              intents: [{ kind: 'role', user: user.id, admin: administrator }],
            }),
          USER_ACTION_TEXT.administrator(user.name, administrator),
        ),
      setDataAdministrator: (user, dataAdministrator) =>
        attempt(
          async () => {
            // Data administrator reads statistics, not secrets: nothing for the trust log.
            await updateUser({ id: user.id, user: { data_administrator: dataAdministrator }, intents: [] });
            // The owner may give the flag to themselves: the account menu and guards read the profile.
            await refreshProfile(queryClient);
          },
          USER_ACTION_TEXT.dataAdministrator(user.name, dataAdministrator),
        ),
      setBlocked: (user, blocked) =>
        attempt(
          () => setLock({ id: user.id, locked: blocked }),
          USER_ACTION_TEXT.blocked(user.name, blocked),
        ),
      resetPassword: async (user) => {
        const password = await openInputModal({
          title: USER_ACTION_TEXT.resetTitle,
          subtext: USER_ACTION_TEXT.resetSubtext(user.name),
          label: USER_ACTION_TEXT.resetLabel,
          initialValue: generatePassword(),
          confirmLabel: 'Reset Password',
          fill: { label: 'Generate password', value: () => generatePassword() },
          validate: (value) => validateResetPassword(value).errors[0] ?? null,
        });
        if (password === undefined || profile === undefined) return false;
        // Made once: a retry after SecureConfirm asked again sends the same keys.
        let made: ReturnType<typeof makeAccountKeys> | undefined;
        const confirm = {
          title: USER_ACTION_TEXT.resetConfirmTitle(user.name),
          subtext: USER_ACTION_TEXT.resetConfirmSubtext,
          confirmLabel: 'Reset Password',
          account: profile,
        };
        return attemptWithFreshPassword(
          confirm,
          async () => {
            if (!made) {
              notify({ type: 'info', message: USER_ACTION_TEXT.resetting(user.name) });
              made = makeAccountKeys(user.email, password);
            }
            const { keys } = await made;
            await reset({
              id: user.id,
              reset: {
                public_key: keys.public_key,
                encrypted_private_key: keys.encrypted_private_key,
                private_key_iv: keys.private_key_iv,
                password: keys.authHash,
                password_confirmation: keys.authHash,
                kdf_iterations: keys.kdf_iterations,
              },
            });
          },
          USER_ACTION_TEXT.resetDone(user.name),
        );
      },
    };
  }, [queryClient, profile, removeUser, updateUser, setLock, reset]);
}
