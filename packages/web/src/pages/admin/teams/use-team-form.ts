import type { Team } from '@coffer/core';
import { validateNewTeam, validateTeam } from '@coffer/core';
import { useState } from 'react';
import type { TeamSave } from '../../../api/teams-mutations.js';
import type { AccessLink, StoredLink } from '../../../components/admin-form/access-links.js';
import { addLinks, linkChanges, linkIntents } from '../../../components/admin-form/access-links.js';
import type { MarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import { useMarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import type { LinkOption } from '../../../components/modals/link-modal.js';

/** One list of the team form: its links and its edits. */
export interface LinkList {
  links: readonly AccessLink[];
  add: (chosen: readonly LinkOption[]) => void;
  setAccess: (id: string, editAccess: boolean) => void;
  remove: (id: string) => void;
}

/**
 * The team form's state (spec section 5: teamName required, max 25; a new team's first chest, issue 26):
 * name, members, chests.
 */
export interface TeamFormState {
  name: string;
  setName: (name: string) => void;
  members: LinkList;
  chests: LinkList;
  marks: MarkedFields;
  /** Validates and marks; answers whether the team may be saved. */
  validate: () => boolean;
  /** The save for useSaveTeam: the team with its membership and assignment changes. */
  toSave: () => TeamSave;
}

/** A team's members as stored (from its answer's members, else its memberships). */
function storedMembers(team: Team | undefined): StoredLink[] {
  if (!team) return [];
  if (team.members) {
    return team.members.map((member) => ({
      id: member.id,
      name: member.name,
      editAccess: member.edit_access,
      recordId: member.membership_id,
    }));
  }
  return team.memberships.map((membership) => ({
    id: membership.user_id,
    name: membership.user_id,
    editAccess: membership.edit_access,
    recordId: membership.id,
  }));
}

/** A team's chests as stored (assignments, named from its chests). */
function storedChests(team: Team | undefined): StoredLink[] {
  if (!team) return [];
  const names = new Map((team.vaults ?? []).map((chest) => [chest.id, chest.name]));
  return team.assignments.map((assignment) => ({
    id: assignment.vault_id,
    name: names.get(assignment.vault_id) ?? '',
    editAccess: assignment.edit_access,
    recordId: assignment.id,
  }));
}

function useLinkList(initial: readonly AccessLink[], onAdd?: () => void): LinkList {
  const [links, setLinks] = useState<readonly AccessLink[]>(initial);
  return {
    links,
    add: (chosen) => {
      setLinks((current) => addLinks(current, chosen));
      onAdd?.();
    },
    setAccess: (id, editAccess) =>
      setLinks((current) => current.map((link) => (link.id === id ? { ...link, editAccess } : link))),
    remove: (id) => setLinks((current) => current.filter((link) => link.id !== id)),
  };
}

/**
 * State of the new team form (no team) or of the team edit form (the team
 * as stored, with its members by name): the changes it saves are relative to what is stored.
 */
export function useTeamForm(team?: Team): TeamFormState {
  const [stored] = useState(() => ({ members: storedMembers(team), chests: storedChests(team) }));
  // A new team's id is chosen here, so that the trust log's entries can name it before it exists.
  const [id] = useState(() => team?.id ?? crypto.randomUUID());
  const [name, setNameValue] = useState(team?.name ?? '');
  const marks = useMarkedFields();
  const members = useLinkList(stored.members);
  const chests = useLinkList(stored.chests, () => marks.edited('firstChest'));

  return {
    name,
    setName: (value) => {
      setNameValue(value);
      marks.edited('teamName');
    },
    members,
    chests,
    marks,
    // A new team starts with a chest; an existing one may be left without (a chest removed took it).
    validate: () =>
      marks.show(
        team
          ? validateTeam({ teamName: name })
          : validateNewTeam({ teamName: name, firstChest: chests.links.map((link) => link.id) }),
      ),
    toSave: () => ({
      id,
      created: !team,
      intents: [
        ...linkIntents(stored.members, members.links).map(({ other, edit }) => ({
          kind: 'member' as const,
          team: id,
          user: other,
          edit,
        })),
        ...linkIntents(stored.chests, chests.links).map(({ other, edit }) => ({
          kind: 'assignment' as const,
          chest: other,
          team: id,
          edit,
        })),
      ],
      team: {
        name: name.trim(),
        memberships_attributes: linkChanges(stored.members, members.links, 'user_id'),
        assignments_attributes: linkChanges(stored.chests, chests.links, 'vault_id'),
      },
    }),
  };
}
