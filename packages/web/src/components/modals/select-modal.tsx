import { useId, useState } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from './modal-dialog.js';
import './select-modal.css';

/** One choice of the Select modal: its label and a detail beside it ('3 secrets', '2 users'). */
export interface SelectOption {
  id: string;
  label: string;
  detail?: string;
  /** The full name when the label is cut. */
  title?: string;
}

/** What the Select modal asks. */
export interface SelectModalOptions {
  title: string;
  subtext?: string;
  options: readonly SelectOption[];
  /** The list's accessible name ('Chests', 'Teams'). */
  listLabel: string;
  /** Shown when there is nothing to choose ('No Chests Found'). */
  emptyText: string;
  confirmLabel: string;
}

interface SelectModalProps extends SelectModalOptions {
  onDone: (id?: string) => void;
}

/**
 * The Select modal (spec section 2): moves an item into a chest or team list. One choice with its
 * detail (secret counts...); arrows choose, Shift+Enter (or Enter) confirms, Esc cancels.
 */
export function SelectModal({
  title,
  subtext,
  options,
  listLabel,
  emptyText,
  confirmLabel,
  onDone,
}: SelectModalProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const name = useId();
  const confirm = () => {
    if (chosen) onDone(chosen);
  };
  return (
    <ModalDialog title={title} subtext={subtext} onCancel={() => onDone()} onEnter={confirm}>
      {options.length === 0 ? (
        <p className="select-modal__empty">{emptyText}</p>
      ) : (
        <div role="radiogroup" aria-label={listLabel} className="select-modal__list">
          {options.map((option, index) => (
            <label key={option.id} className="select-modal__option" title={option.title}>
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={chosen === option.id}
                onChange={() => setChosen(option.id)}
                {...(index === 0 ? { 'data-autofocus': '' } : {})}
              />
              <span className="select-modal__label">{option.label}</span>
              {option.detail ? <span className="select-modal__detail">{option.detail}</span> : null}
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

/** Opens the Select modal; answers the chosen option's id, or undefined when cancelled. */
export function openSelectModal(options: SelectModalOptions): Promise<string | undefined> {
  return openModal<string>((close) => <SelectModal {...options} onDone={close} />);
}
