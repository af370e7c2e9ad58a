import type { AssignmentAttributes, Chest } from '@coffer/core';
import { mergeResults, validateChest, validateRotationDays } from '@coffer/core';
import { useState } from 'react';
import type { ChestSave } from '../../../api/vaults-mutations.js';
import { linkIntents } from '../../../components/admin-form/access-links.js';
import type { MarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import { useMarkedFields } from '../../../components/form-fields/use-marked-fields.js';
import type { LinkOption } from '../../../components/modals/link-modal.js';

/** A team linked to the chest in the form, with Read or Write access. */
export interface TeamLink {
  teamId: string;
  name: string;
  editAccess: boolean;
  /** The stored assignment, for a chest being edited. */
  assignmentId?: string;
}

/** The chest form's state and edits (spec section 5: chestName and firstTeam; rotationDays, issue 31). */
export interface ChestFormState {
  name: string;
  /** 'Rotate every N days' as typed: '' for no policy. */
  rotationDays: string;
  links: readonly TeamLink[];
  managers: ReadonlySet<string>;
  marks: MarkedFields;
  setName: (name: string) => void;
  setRotationDays: (days: string) => void;
  linkTeams: (teams: readonly LinkOption[]) => void;
  setAccess: (teamId: string, editAccess: boolean) => void;
  unlinkTeam: (teamId: string) => void;
  setManager: (userId: string, manager: boolean) => void;
  /** Validates and marks; answers whether the chest may be saved. */
  validate: () => boolean;
  /** The save for useSaveChest: the chest, its assignment changes and its manager changes. */
  toSave: () => ChestSave;
}

function linksOf(chest: Chest | undefined): TeamLink[] {
  if (!chest) return [];
  const names = new Map((chest.teams ?? []).map((team) => [team.id, team.name]));
  return (chest.assignments ?? []).map((assignment) => ({
    teamId: assignment.team_id,
    name: names.get(assignment.team_id) ?? '',
    editAccess: assignment.edit_access,
    assignmentId: assignment.id,
  }));
}

/** Managers of a chest as it is stored. */
export function managerIdsOf(chest: Chest | undefined): Set<string> {
  return new Set((chest?.users ?? []).filter((user) => user.manager).map((user) => user.id));
}

/** The assignment changes from the stored chest to the form: new links, changed access, unlinked teams. */
function assignmentChanges(stored: readonly TeamLink[], links: readonly TeamLink[]): AssignmentAttributes[] {
  const changes: AssignmentAttributes[] = [];
  for (const before of stored) {
    const now = links.find((link) => link.teamId === before.teamId);
    if (!now) changes.push({ id: before.assignmentId, _destroy: true });
    else if (now.editAccess !== before.editAccess)
      changes.push({ id: before.assignmentId, edit_access: now.editAccess });
  }
  for (const link of links) {
    if (!stored.some((before) => before.teamId === link.teamId))
      changes.push({ team_id: link.teamId, edit_access: link.editAccess });
  }
  return changes;
}

const byTeam = (links: readonly TeamLink[]) =>
  links.map((link) => ({ id: link.teamId, name: link.name, editAccess: link.editAccess }));

/** State of the new chest form (no chest) or of 'Edit Chest & Permissions' (the chest as stored). */
export function useChestForm(chest?: Chest): ChestFormState {
  const [stored] = useState(() => linksOf(chest));
  // A new chest's id is chosen here, so that the trust log's entries can name it before it exists.
  const [id] = useState(() => chest?.id ?? crypto.randomUUID());
  const [storedManagers] = useState(() => managerIdsOf(chest));
  const [name, setNameValue] = useState(chest?.name ?? '');
  const [rotationDays, setRotationDaysValue] = useState(
    chest?.rotation_days ? String(chest.rotation_days) : '',
  );
  const [links, setLinks] = useState<readonly TeamLink[]>(stored);
  const [managers, setManagers] = useState<ReadonlySet<string>>(storedManagers);
  const marks = useMarkedFields();

  return {
    name,
    rotationDays,
    links,
    managers,
    marks,
    setName: (value) => {
      setNameValue(value);
      marks.edited('chestName');
    },
    setRotationDays: (value) => {
      setRotationDaysValue(value);
      marks.edited('rotationDays');
    },
    linkTeams: (teams) => {
      setLinks((current) => [
        ...current,
        ...teams
          .filter((team) => !current.some((link) => link.teamId === team.id))
          .map((team) => ({ teamId: team.id, name: team.label, editAccess: false })),
      ]);
      marks.edited('firstTeam');
    },
    setAccess: (teamId, editAccess) =>
      setLinks((current) => current.map((link) => (link.teamId === teamId ? { ...link, editAccess } : link))),
    unlinkTeam: (teamId) => setLinks((current) => current.filter((link) => link.teamId !== teamId)),
    setManager: (userId, manager) =>
      setManagers((current) => {
        const next = new Set(current);
        if (manager) next.add(userId);
        else next.delete(userId);
        return next;
      }),
    validate: () =>
      marks.show(
        mergeResults(
          validateChest({ chestName: name, firstTeam: links.map((link) => link.teamId) }),
          validateRotationDays(rotationDays).result,
        ),
      ),
    toSave: () => ({
      id,
      created: !chest,
      intents: linkIntents(byTeam(stored), byTeam(links)).map(({ other, edit }) => ({
        kind: 'assignment' as const,
        chest: id,
        team: other,
        edit,
      })),
      chest: {
        name: name.trim(),
        assignments_attributes: chest
          ? assignmentChanges(stored, links)
          : links.map((link) => ({ team_id: link.teamId, edit_access: link.editAccess })),
        rotation_days: validateRotationDays(rotationDays).days,
      },
      managers: {
        promote: [...managers].filter((id) => !storedManagers.has(id)),
        demote: [...storedManagers].filter((id) => !managers.has(id)),
      },
    }),
  };
}
