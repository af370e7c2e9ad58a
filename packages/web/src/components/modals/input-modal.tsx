import { useState } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { TextField } from '../form-fields/text-field.js';
import { ModalDialog } from './modal-dialog.js';
import '../form-fields/form-fields.css';

/** What the Input modal asks. */
export interface InputModalOptions {
  title: string;
  subtext?: string;
  /** The field's label. */
  label: string;
  initialValue?: string;
  confirmLabel: string;
  /** The message to show under the field, or null when the value may be confirmed. */
  validate?: (value: string) => string | null;
  /** A button beside the field that fills it ('Generate password'). */
  fill?: { label: string; value: () => string };
  /** Shown as typed (a password the administrator passes on) rather than hidden. */
  type?: 'text' | 'password';
}

interface InputModalProps extends InputModalOptions {
  onDone: (value?: string) => void;
}

/**
 * The Input modal (spec section 2): one field, checked on confirm; the message stays under the
 * field until it is edited. Enter confirms, Esc cancels.
 */
export function InputModal({
  title,
  subtext,
  label,
  initialValue = '',
  confirmLabel,
  validate,
  fill,
  type = 'text',
  onDone,
}: InputModalProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const problem = validate?.(value) ?? null;
    setError(problem);
    if (!problem) onDone(value);
  };
  return (
    <ModalDialog title={title} subtext={subtext} onCancel={() => onDone()} onEnter={confirm}>
      <TextField
        label={label}
        type={type}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        value={value}
        error={error ?? undefined}
        onValueChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      {fill ? (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            setValue(fill.value());
            setError(null);
          }}
        >
          {fill.label}
        </button>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={confirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the Input modal; answers the confirmed value, or undefined when cancelled. */
export function openInputModal(options: InputModalOptions): Promise<string | undefined> {
  return openModal<string>((close) => <InputModal {...options} onDone={close} />);
}
