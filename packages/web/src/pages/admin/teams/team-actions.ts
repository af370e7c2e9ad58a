import type { NamedRef, Team } from '@coffer/core';
import { useMemo } from 'react';
import { useRemoveTeam, useSaveTeam } from '../../../api/teams-mutations.js';
import { ACTION_FAILED_MESSAGE, confirmThenAttempt } from '../../../components/admin-shell/admin-action.js';

/** Texts of the team actions. */
export const TEAM_ACTION_TEXT = {
  removeTitle: (name: string) => `Remove ${name}?`,
  removeSubtext: 'The team is deleted permanently. Its users stay, but lose access to its chests.',
  removed: (name: string) => `${name} removed.`,
  unlinkTitle: (chest: string, team: string) => `Unlink ${chest} from ${team}?`,
  unlinkSubtext: "The team's users lose access to the chest's secrets.",
  unlinked: (chest: string, team: string) => `${chest} unlinked from ${team}.`,
  failed: ACTION_FAILED_MESSAGE,
} as const;

/** The team actions of the row menus, bubbles and footers; each answers whether it was done. */
export interface TeamActions {
  /** Remove Team: asks, then deletes it (never the default team: no such action is offered). */
  remove: (team: Pick<Team, 'id' | 'name'>) => Promise<boolean>;
  /** The cross on a chest bubble: asks, then removes the team's assignment to the chest. */
  unlinkChest: (team: Team, chest: NamedRef) => Promise<boolean>;
}

/** Team actions as mutations with their confirmations and notifications (administrators). */
export function useTeamActions(): TeamActions {
  const removeTeam = useRemoveTeam().mutateAsync;
  const saveTeam = useSaveTeam().mutateAsync;
  return useMemo(
    () => ({
      remove: (team) =>
        confirmThenAttempt(
          {
            title: TEAM_ACTION_TEXT.removeTitle(team.name),
            subtext: TEAM_ACTION_TEXT.removeSubtext,
            confirmLabel: 'Remove',
          },
          () => removeTeam(team),
          TEAM_ACTION_TEXT.removed(team.name),
        ),
      unlinkChest: async (team, chest) => {
        const assignment = team.assignments.find((entry) => entry.vault_id === chest.id);
        if (!assignment) return false;
        return confirmThenAttempt(
          {
            title: TEAM_ACTION_TEXT.unlinkTitle(chest.name, team.name),
            subtext: TEAM_ACTION_TEXT.unlinkSubtext,
            confirmLabel: 'Unlink',
          },
          () =>
            saveTeam({
              id: team.id,
              created: false,
              team: { assignments_attributes: [{ id: assignment.id, _destroy: true }] },
              intents: [{ kind: 'assignment', chest: chest.id, team: team.id, edit: null }],
            }),
          TEAM_ACTION_TEXT.unlinked(chest.name, team.name),
        );
      },
    }),
    [removeTeam, saveTeam],
  );
}
