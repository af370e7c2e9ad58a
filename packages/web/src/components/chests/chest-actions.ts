import type { Chest, NamedRef } from '@coffer/core';
import { useMemo } from 'react';
import { useRemoveChest, useSaveChest } from '../../api/vaults-mutations.js';
import { ACTION_FAILED_MESSAGE, confirmThenAttempt } from '../admin-shell/admin-action.js';

/** Texts of the chest actions. */
export const CHEST_ACTION_TEXT = {
  removeTitle: (name: string) => `Remove ${name}?`,
  removeSubtext: 'The chest and all its secrets are deleted permanently.',
  removed: (name: string) => `${name} removed.`,
  unlinkTitle: (team: string, chest: string) => `Unlink ${team} from ${chest}?`,
  unlinkSubtext: "Its members lose access to the chest's secrets.",
  unlinked: (team: string, chest: string) => `${team} unlinked from ${chest}.`,
  failed: ACTION_FAILED_MESSAGE,
} as const;

/** The chest actions of the row menus and bubbles; each answers whether it was done. */
export interface ChestActions {
  /** Remove Chest: asks (Confirm modal), then deletes the chest with its secrets. */
  remove: (chest: Pick<Chest, 'id' | 'name'>) => Promise<boolean>;
  /** The cross on a team bubble: asks, then removes the team's assignment to the chest. */
  unlinkTeam: (chest: Chest, team: NamedRef) => Promise<boolean>;
}

/** Chest actions as mutations with their confirmations and notifications (administrators). */
export function useChestActions(): ChestActions {
  const removeChest = useRemoveChest().mutateAsync;
  const saveChest = useSaveChest().mutateAsync;
  return useMemo(
    () => ({
      remove: (chest) =>
        confirmThenAttempt(
          {
            title: CHEST_ACTION_TEXT.removeTitle(chest.name),
            subtext: CHEST_ACTION_TEXT.removeSubtext,
            confirmLabel: 'Remove',
          },
          () => removeChest(chest),
          CHEST_ACTION_TEXT.removed(chest.name),
        ),
      unlinkTeam: async (chest, team) => {
        const assignment = chest.assignments?.find((entry) => entry.team_id === team.id);
        if (!assignment) return false;
        return confirmThenAttempt(
          {
            title: CHEST_ACTION_TEXT.unlinkTitle(team.name, chest.name),
            subtext: CHEST_ACTION_TEXT.unlinkSubtext,
            confirmLabel: 'Unlink',
          },
          () =>
            saveChest({
              id: chest.id,
              created: false,
              chest: { assignments_attributes: [{ id: assignment.id, _destroy: true }] },
              intents: [{ kind: 'assignment', chest: chest.id, team: team.id, edit: null }],
            }),
          CHEST_ACTION_TEXT.unlinked(team.name, chest.name),
        );
      },
    }),
    [removeChest, saveChest],
  );
}
