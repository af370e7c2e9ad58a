import type { UserDetail, UserUpdateRequest } from '@coffer/core';
import { validateUserForm } from '@coffer/core';
import { useState } from 'react';
import type { AccessLink, StoredLink } from '../../../components/admin-form/access-links.js';
import { addLinks, linkChanges, linkIntents } from '../../../components/admin-form/access-links.js';
import type { MarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import { useMarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import type { LinkOption } from '../../../components/modals/link-modal.js';
import type { MembershipIntent } from '../../../trust-log/membership-intent.js';

/** The edit-user form's state (spec section 5: userName and userEmail; the e-mail is read-only). */
export interface UserFormState {
  name: string;
  email: string;
  administrator: boolean;
  teams: readonly AccessLink[];
  marks: MarkedFields;
  setName: (name: string) => void;
  setAdministrator: (administrator: boolean) => void;
  addTeams: (chosen: readonly LinkOption[]) => void;
  setAccess: (teamId: string, editAccess: boolean) => void;
  removeTeam: (teamId: string) => void;
  validate: () => boolean;
  /** The update: name, the administrator flag (when it may change) and the membership changes. */
  toUpdate: () => UserUpdateRequest['user'];
  /** What the update means for who reads: the trust log's entries (the administrator flag, the teams). */
  intents: () => MembershipIntent[];
}

/** A user's memberships as stored, named from their teams, the default team left out (spec section 5). */
export function storedMemberships(user: UserDetail, defaultTeamId: string | null): StoredLink[] {
  const names = new Map(user.teams.map((team) => [team.id, team.name]));
  return user.memberships
    .filter((membership) => membership.team_id !== defaultTeamId)
    .map((membership) => ({
      id: membership.team_id,
      name: names.get(membership.team_id) ?? '',
      editAccess: membership.edit_access,
      recordId: membership.id,
    }));
}

/** State of the edit-user form over the user as stored; `canSetAdministrator` from core's rule. */
export function useUserForm(
  user: UserDetail,
  defaultTeamId: string | null,
  canSetAdministrator: boolean,
): UserFormState {
  const [stored] = useState(() => storedMemberships(user, defaultTeamId));
  const [name, setNameValue] = useState(user.name);
  const [administrator, setAdministrator] = useState(user.administrator);
  const [teams, setTeams] = useState<readonly AccessLink[]>(stored);
  const marks = useMarkedFields();
  return {
    name,
    email: user.email,
    administrator,
    teams,
    marks,
    setName: (value) => {
      setNameValue(value);
      marks.edited('userName');
    },
    setAdministrator,
    addTeams: (chosen) => setTeams((current) => addLinks(current, chosen)),
    setAccess: (teamId, editAccess) =>
      setTeams((current) => current.map((team) => (team.id === teamId ? { ...team, editAccess } : team))),
    removeTeam: (teamId) => setTeams((current) => current.filter((team) => team.id !== teamId)),
    validate: () => marks.show(validateUserForm({ userName: name, userEmail: user.email })),
    toUpdate: () => ({
      name: name.trim(),
      ...(canSetAdministrator && administrator !== user.administrator ? { administrator } : {}),
      memberships_attributes: linkChanges(stored, teams, 'team_id'),
    }),
    intents: () => [
      ...(canSetAdministrator && administrator !== user.administrator
        ? [{ kind: 'role' as const, user: user.id, admin: administrator }]
        : []),
      ...linkIntents(stored, teams).map(({ other, edit }) => ({
        kind: 'member' as const,
        team: other,
        user: user.id,
        edit,
      })),
    ],
  };
}
