import type { Team, TeamMember } from '@coffer/core';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { fetchTeam, listTeamChoices } from './teams-api.js';

/** Query keys of teams. */
export const teamQueryKeys = {
  all: ['teams'] as const,
  choices: (filter: string) => ['teams', 'choices', filter] as const,
  one: (id: string) => ['teams', 'one', id] as const,
};

/** Teams to pick from, as the Link modal lists them. */
export function teamChoicesQuery(filter: string) {
  return queryOptions({
    queryKey: teamQueryKeys.choices(filter),
    queryFn: async ({ signal }) => {
      const page = await listTeamChoices(filter, signal);
      return page.items.map((team) => ({ id: team.id, label: team.name }));
    },
  });
}

/** The members of some teams, each once (a chest's manager candidates), and whether they are loading. */
export function useTeamMembers(teamIds: readonly string[]): { members: TeamMember[]; loading: boolean } {
  return useQueries({
    queries: teamIds.map((id) => ({
      queryKey: teamQueryKeys.one(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTeam(id, signal),
    })),
    combine: (results) => {
      const byId = new Map<string, TeamMember>();
      for (const team of results.map((result) => result.data).filter((t): t is Team => t !== undefined)) {
        for (const member of team.members ?? []) if (!byId.has(member.id)) byId.set(member.id, member);
      }
      return { members: [...byId.values()], loading: results.some((result) => result.isPending) };
    },
  });
}

/** The organisation's default team ('Everyone'), else its first team; null when it has none. */
export function defaultTeamQuery() {
  return queryOptions({
    queryKey: [...teamQueryKeys.all, 'default'] as const,
    queryFn: async ({ signal }) => {
      const { items } = await listTeamChoices('', signal);
      return items.find((team) => team.default_for_new_users) ?? items[0] ?? null;
    },
  });
}
