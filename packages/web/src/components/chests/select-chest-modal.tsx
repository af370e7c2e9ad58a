import type { Chest } from '@coffer/core';
import { CHEST_NAME_MOVE_LIST_MAX } from '@coffer/core';
import { useId, useState } from 'react';
import { ModalDialog } from '../modals/modal-dialog.js';
import { openModal } from '../modals/modal-store.js';
import { truncateName } from './truncate-name.js';
import './chests.css';

/** What the Select modal asks. */
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

interface SelectChestModalProps extends SelectChestOptions {
  onDone: (chestId?: string) => void;
}

/**
 * The Select modal (spec section 2): a list of chests with their secret counts, names cut to 12
 * characters; arrows choose, Shift+Enter (or Enter) confirms, Esc cancels.
 */
export function SelectChestModal({
  title,
  subtext,
  chests,
  confirmLabel = 'Move',
  onDone,
}: SelectChestModalProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const name = useId();
  const confirm = () => {
    if (chosen) onDone(chosen);
  };
  return (
    <ModalDialog title={title} subtext={subtext} onCancel={() => onDone()} onEnter={confirm}>
      {chests.length === 0 ? (
        <p className="select-chest__empty">No Chests Found</p>
      ) : (
        <div role="radiogroup" aria-label="Chests" className="select-chest__list">
          {chests.map((chest, index) => (
            <label key={chest.id} className="select-chest__option" title={chest.name}>
              <input
                type="radio"
                name={name}
                value={chest.id}
                checked={chosen === chest.id}
                onChange={() => setChosen(chest.id)}
                {...(index === 0 ? { 'data-autofocus': '' } : {})}
              />
              <span className="select-chest__name">{truncateName(chest.name, CHEST_NAME_MOVE_LIST_MAX)}</span>
              <span className="select-chest__count">{secretCountLabel(chest.secret_count)}</span>
            </label>
          ))}
        </div>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="button" className="button button--primary" disabled={chosen === null} onClick={confirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the Select modal; answers the chosen chest's id, or undefined when cancelled. */
export function openSelectChest(options: SelectChestOptions): Promise<string | undefined> {
  return openModal<string>((close) => <SelectChestModal {...options} onDone={close} />);
}
