import type { NamedRef } from '@coffer/core';
import { SIDEBAR_TAG_MAX } from '@coffer/core';

/** The note after the shown tags when a chest has more teams than the list shows. */
export const moreTagsNote = (count: number) => `+${count} more ${count === 1 ? 'team' : 'teams'}`;

/**
 * The tags a chest's row shows in the dashboard's side list: its teams' names, at most
 * SIDEBAR_TAG_MAX of them (spec section 9), then a note saying how many more there are.
 */
export function chestRowTags(teams: readonly NamedRef[] = [], max = SIDEBAR_TAG_MAX): string[] {
  const names = teams.map((team) => team.name);
  if (names.length <= max) return names;
  return [...names.slice(0, max), moreTagsNote(names.length - max)];
}
