import type { Chest } from '@coffer/core';
import { CHESTS_LIMIT_MESSAGE, FREE_PLAN_LIMIT_NOTICE, validateChest } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error.js';
import { defaultTeamQuery } from '../../api/teams-queries.js';
import { useSaveChest } from '../../api/vaults-mutations.js';
import { notify } from '../../lib/notification-store.js';
import { usePlanLimitOffer } from '../billing/use-plan-limit-offer.js';
import type { MarkedFields } from '../form-fields/use-marked-fields.js';

/** Texts of the quick chest creation. */
export const EVERYONE_CHEST_TEXT = {
  created: (name: string) => `${name} created!`,
  failed: 'The chest could not be created. Please try again.',
} as const;

/**
 * Creates a chest linked to the default team ('Everyone') with write access, the quick way for an
 * administrator whose organisation has no chest yet: checks the name with core's chest rules,
 * answers the new chest, or undefined after showing why not in `marks` (the free plan's limit also
 * offers the Team Plan). Administrators only; the server refuses anyone else.
 */
export function useCreateEveryoneChest(marks: MarkedFields) {
  const team = useQuery(defaultTeamQuery());
  const save = useSaveChest();
  const offerTeamPlan = usePlanLimitOffer();

  const create = async (name: string): Promise<Chest | undefined> => {
    if (save.isPending) return undefined;
    const teamIds = team.data ? [team.data.id] : [];
    if (!marks.show(validateChest({ chestName: name, firstTeam: teamIds }))) return undefined;
    try {
      const id = crypto.randomUUID();
      const { chest } = await save.mutateAsync({
        id,
        created: true,
        chest: {
          name: name.trim(),
          assignments_attributes: teamIds.map((teamId) => ({ team_id: teamId, edit_access: true })),
        },
        intents: teamIds.map((teamId) => ({ kind: 'assignment', chest: id, team: teamId, edit: true })),
      });
      notify({ type: 'success', message: EVERYONE_CHEST_TEXT.created(chest.name) });
      return chest;
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (message === CHESTS_LIMIT_MESSAGE) {
        notify({ type: 'error', message: FREE_PLAN_LIMIT_NOTICE });
        offerTeamPlan();
      }
      marks.showErrors([message ?? EVERYONE_CHEST_TEXT.failed]);
      return undefined;
    }
  };

  return { create, busy: save.isPending || team.isPending };
}
