import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.js';
import { openModal } from './modal-store.js';

/** What a confirmation asks. */
export interface ConfirmOptions {
  title: ReactNode;
  subtext?: ReactNode;
  /** Default 'Confirm'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
}

interface ConfirmModalProps extends ConfirmOptions {
  onResolve: (confirmed: boolean) => void;
}

/** The Confirm modal: Esc cancels, Enter confirms (focus starts on the confirm button). */
export function ConfirmModal({
  title,
  subtext,
  confirmLabel,
  cancelLabel,
  danger,
  onResolve,
}: ConfirmModalProps) {
  return (
    <ModalDialog
      title={title}
      subtext={subtext}
      onCancel={() => onResolve(false)}
      onEnter={() => onResolve(true)}
    >
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={() => onResolve(false)}>
          {cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          data-autofocus
          onClick={() => onResolve(true)}
        >
          {confirmLabel ?? 'Confirm'}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the Confirm modal; answers true when confirmed, false when cancelled in any way. */
export async function openConfirm(options: ConfirmOptions): Promise<boolean> {
  const result = await openModal<boolean>((close) => <ConfirmModal {...options} onResolve={close} />);
  return result === true;
}
