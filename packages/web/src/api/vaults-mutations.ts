import type { Chest } from '@coffer/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.js';
import { invalidateSecretLists } from './secrets-queries.js';
import type { ChestWrite } from './vaults-api.js';
import { changeChestManager, createChest, deleteChest, updateChest } from './vaults-api.js';

/** A chest save: a new chest (no id) or changes to one, then its managers. */
export interface ChestSave {
  /** Absent for a new chest. */
  id?: string;
  chest: ChestWrite;
  /** Users to make managers and users to take management from, after the chest is saved. */
  managers?: { promote: readonly string[]; demote: readonly string[] };
}

/** What a chest save did: the saved chest and the server's refusals of manager changes. */
export interface ChestSaveResult {
  chest: Chest;
  /** E.g. 'User already has management access', 'User is not a manager' (shown as notifications). */
  managerErrors: string[];
}

/**
 * Saves a chest (create or update), then sets its managers one by one (spec section 7: "afterwards
 * manager status per added user"); a refused manager change does not undo the chest. Chest and
 * secret lists refetch afterwards (names and counts show in both).
 */
export function useSaveChest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, chest, managers }: ChestSave): Promise<ChestSaveResult> => {
      let saved = id ? await updateChest(id, chest) : await createChest(chest);
      const managerErrors: string[] = [];
      const changes = [
        ...(managers?.promote ?? []).map((userId) => [userId, 'promote'] as const),
        ...(managers?.demote ?? []).map((userId) => [userId, 'demote'] as const),
      ];
      for (const [userId, change] of changes) {
        try {
          saved = await changeChestManager(saved.id, userId, change);
        } catch (error) {
          managerErrors.push(
            error instanceof ApiError && error.serverMessage ? error.serverMessage : String(error),
          );
        }
      }
      return { chest: saved, managerErrors };
    },
    onSettled: () => invalidateSecretLists(queryClient),
  });
}

/** Deletes a chest with its secrets (administrators); chest and secret lists refetch. */
export function useRemoveChest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chest: Pick<Chest, 'id' | 'name'>) => deleteChest(chest.id),
    onSuccess: () => invalidateSecretLists(queryClient),
  });
}
