import type { Chest } from '@coffer/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { ApiError } from './api-error.js';
import { invalidateSecretLists } from './secrets-queries.js';
import type { ChestWrite } from './vaults-api.js';
import { changeChestManager, createChest, deleteChest, updateChest } from './vaults-api.js';

/** A chest save: a new chest (under the id its form chose) or changes to one, then its managers. */
export interface ChestSave {
  id: string;
  created: boolean;
  chest: ChestWrite;
  /** What the save of the chest means for who reads (the trust log's entries; managers have their own). */
  intents: readonly MembershipIntent[];
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
    mutationFn: async ({ id, created, chest, intents, managers }: ChestSave): Promise<ChestSaveResult> => {
      let saved = created ? await createChest(id, chest, intents) : await updateChest(id, chest, intents);
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
