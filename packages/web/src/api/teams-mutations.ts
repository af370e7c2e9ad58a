import type { Team, TeamWriteRequest } from '@coffer/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { invalidateDirectory } from './invalidate-directory.js';
import { createTeam, deleteTeam, updateTeam } from './teams-api.js';
import { teamQueryKeys } from './teams-queries.js';

/**
 * A team save: a new team (under the id its form chose) or changes to one (memberships and
 * assignments by id, `_destroy`), with what the save means for who reads (the trust log's entries).
 */
export interface TeamSave {
  id: string;
  created: boolean;
  team: TeamWriteRequest['team'];
  intents: readonly MembershipIntent[];
}

/** Saves a team (create or update); teams, users and chests refetch (members, counts, bubbles). */
export function useSaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, created, team, intents }: TeamSave): Promise<Team> =>
      created ? createTeam(id, team, intents) : updateTeam(id, team, intents),
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueryKeys.one(team.id), team);
      return invalidateDirectory(queryClient);
    },
  });
}

/** Deletes a team; its members stay, its chests lose it. */
export function useRemoveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (team: Pick<Team, 'id' | 'name'>) => deleteTeam(team.id),
    onSuccess: (_answer, team) => {
      queryClient.removeQueries({ queryKey: teamQueryKeys.one(team.id) });
      return invalidateDirectory(queryClient);
    },
  });
}
