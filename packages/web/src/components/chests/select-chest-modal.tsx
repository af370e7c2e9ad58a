import type { Chest } from '@coffer/core';
import { CHEST_NAME_MOVE_LIST_MAX } from '@coffer/core';
import { openSelectModal } from '../modals/select-modal.js';
import { truncateName } from './truncate-name.js';

/** What the Select modal asks of chests. */
export interface SelectChestOptions {
  title: string;
  subtext?: string;
  /** The chests to choose from (the caller leaves out the current one). */
  chests: readonly Chest[];
  /** Default 'Move'. */
  confirmLabel?: string;
}

/** '3 secrets' / '1 secret'. */
export function secretCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'secret' : 'secrets'}`;
}

/**
 * The Select modal over chests (spec section 2): names cut to 12 characters, with their secret
 * counts; answers the chosen chest's id, or undefined when cancelled.
 */
export function openSelectChest({
  title,
  subtext,
  chests,
  confirmLabel = 'Move',
}: SelectChestOptions): Promise<string | undefined> {
  return openSelectModal({
    title,
    ...(subtext ? { subtext } : {}),
    listLabel: 'Chests',
    emptyText: 'No Chests Found',
    confirmLabel,
    options: chests.map((chest) => ({
      id: chest.id,
      label: truncateName(chest.name, CHEST_NAME_MOVE_LIST_MAX),
      title: chest.name,
      detail: secretCountLabel(chest.secret_count),
    })),
  });
}
