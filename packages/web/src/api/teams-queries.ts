import type { Team, TeamMember } from '@coffer/core';
import { queryOptions, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import type { PagePosition } from './paging.js';
import { FIRST_PAGE, nextPagePosition } from './paging.js';
import type { TeamListFilter } from './teams-api.js';
import { fetchTeam, listTeamChoices, listTeams } from './teams-api.js';

/** Query keys of teams. */
export const teamQueryKeys = {
  all: ['teams'] as const,
  list: (filter: TeamListFilter) => ['teams', 'list', filter] as const,
  choices: (filter: string) => ['teams', 'choices', filter] as const,
  one: (id: string) => ['teams', 'one', id] as const,
};

/** A scroll-paged list of teams with their chests and user counts (administrators). */
export function useTeamList(filter: TeamListFilter) {
  return useInfiniteQuery({
    queryKey: teamQueryKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listTeams(filter, pageParam, signal),
    initialPageParam: FIRST_PAGE as PagePosition,
    getNextPageParam: (_last, pages) => nextPagePosition(pages),
  });
}

/** One team with its memberships, assignments, chests and members by name. */
export function useTeam(id: string) {
  return useQuery({ queryKey: teamQueryKeys.one(id), queryFn: ({ signal }) => fetchTeam(id, signal) });
}

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
