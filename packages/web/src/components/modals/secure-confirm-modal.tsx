import type { ReactNode } from 'react';
import type { AccountKeyRecord } from '../../keys/account-rekey.js';
import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from './modal-dialog.js';
import { PasswordProofField, usePasswordProof } from './password-proof.js';

/** What SecureConfirm asks: the spec's texts of the action it guards. */
export interface SecureConfirmOptions {
  title: ReactNode;
  subtext?: ReactNode;
  /** Default 'Confirm'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  /** The signed-in account (the profile): its e-mail and iterations derive the auth hash. */
  account: AccountKeyRecord;
}

interface SecureConfirmModalProps extends SecureConfirmOptions {
  onResolve: (confirmed: boolean) => void;
}

/**
 * SecureConfirm (spec sections 2 and 5): a confirmation that asks for the user's password and proves
 * it before answering yes. A wrong password says 'Password entered is incorrect.' and stays open.
 */
export function SecureConfirmModal({
  title,
  subtext,
  confirmLabel,
  cancelLabel,
  danger,
  account,
  onResolve,
}: SecureConfirmModalProps) {
  const proof = usePasswordProof(account);

  const confirm = async () => {
    if (proof.busy || proof.password === '') return;
    if (await proof.prove()) onResolve(true);
  };

  return (
    <ModalDialog
      title={title}
      subtext={subtext}
      onCancel={() => !proof.busy && onResolve(false)}
      onEnter={() => void confirm()}
    >
      <PasswordProofField proof={proof} autoFocus />
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onResolve(false)}
          disabled={proof.busy}
        >
          {cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          onClick={() => void confirm()}
          disabled={proof.busy || proof.password === ''}
        >
          {confirmLabel ?? 'Confirm'}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * Opens SecureConfirm; answers true once the password was proven (the session is then freshly
 * verified), false when cancelled in any way.
 */
export async function openSecureConfirm(options: SecureConfirmOptions): Promise<boolean> {
  const result = await openModal<boolean>((close) => <SecureConfirmModal {...options} onResolve={close} />);
  return result === true;
}
