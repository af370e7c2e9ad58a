import type { Chest } from '@coffer/core';
import { CHESTS_LIMIT_MESSAGE, FREE_PLAN_LIMIT_NOTICE } from '@coffer/core';
import { ApiError } from '../../../api/api-error.js';
import { useSaveChest } from '../../../api/vaults-mutations.js';
import { usePlanLimitOffer } from '../../../components/billing/use-plan-limit-offer.js';
import { notify } from '../../../lib/notification-store.js';
import type { ChestFormState } from './use-chest-form.js';

/** Texts of a chest save (spec section 8 for the failed update). */
export const CHEST_SAVE_TEXT = {
  created: (name: string) => `${name} created!`,
  updated: (name: string) => `${name} updated!`,
  updateFailed: 'An Error has occurred while trying to update your chest',
  createFailed: 'The chest could not be created. Please try again.',
} as const;

/**
 * The chest form's save: validates, saves through the chest mutation, shows the server's refusals
 * of manager changes ('User already has management access', 'User is not a manager') as
 * notifications, then `onSaved`. A failed update notifies the spec's text; a failed create shows the
 * server's reason in the form (the free plan's limit as its notice).
 */
export function useChestSubmit(form: ChestFormState, editing: boolean, onSaved: (chest: Chest) => void) {
  const save = useSaveChest();
  const offerTeamPlan = usePlanLimitOffer();
  const submit = async () => {
    if (save.isPending || !form.validate()) return;
    let result: Awaited<ReturnType<typeof save.mutateAsync>>;
    try {
      result = await save.mutateAsync(form.toSave());
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (editing) {
        notify({ type: 'error', message: CHEST_SAVE_TEXT.updateFailed });
        return;
      }
      if (message === CHESTS_LIMIT_MESSAGE) {
        notify({ type: 'error', message: FREE_PLAN_LIMIT_NOTICE });
        offerTeamPlan();
      }
      form.marks.showErrors([message ?? CHEST_SAVE_TEXT.createFailed]);
      return;
    }
    for (const message of result.managerErrors) notify({ type: 'error', message });
    const name = result.chest.name;
    notify({
      type: 'success',
      message: editing ? CHEST_SAVE_TEXT.updated(name) : CHEST_SAVE_TEXT.created(name),
    });
    onSaved(result.chest);
  };
  return { submit, saving: save.isPending };
}
