import type { ReactNode } from 'react';
import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from './modal-dialog.js';

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
  /**
   * Where focus starts and what Enter does. 'cancel' for warnings whose safe answer is no (a changed
   * encryption key): a reflexive Enter must not share a secret.
   */
  defaultAction?: 'confirm' | 'cancel';
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
  defaultAction = 'confirm',
  onResolve,
}: ConfirmModalProps) {
  const cancelFirst = defaultAction === 'cancel';
  return (
    <ModalDialog
      title={title}
      subtext={subtext}
      onCancel={() => onResolve(false)}
      onEnter={() => onResolve(!cancelFirst)}
    >
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          data-autofocus={cancelFirst ? true : undefined}
          onClick={() => onResolve(false)}
        >
          {cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          data-autofocus={cancelFirst ? undefined : true}
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
