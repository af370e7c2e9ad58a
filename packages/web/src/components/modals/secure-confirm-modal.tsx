import { isCryptoError, PASSWORD_ENTERED_INCORRECT_MESSAGE } from '@coffer/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { verifyPassword } from '../../api/accounts-profile-api.js';
import type { AccountKeyRecord } from '../../keys/account-rekey.js';
import { deriveCurrentKeys } from '../../keys/account-rekey.js';
import { WEAK_KDF_MESSAGE } from '../../pages/profile/account-messages.js';
import { TextField } from '../form-fields/text-field.js';
import { ModalDialog } from './modal-dialog.js';
import { openModal } from './modal-store.js';
import '../form-fields/form-fields.css';

/** Shown when the password check could not be made and the server gave no reason. */
export const PASSWORD_CHECK_FAILED_MESSAGE = 'Your password could not be checked. Please try again.';

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

/**
 * Proves the password to the server as sign-in does: the auth hash is derived in the browser with the
 * account's iterations (never fewer than 600,000) and sent to `POST /api/v1/users/verify_password.json`.
 * When it is right the session counts as freshly verified for five minutes, which the guarded call
 * needs. Answers null when proven, else the message to show.
 */
export async function proveOwnPassword(account: AccountKeyRecord, password: string): Promise<string | null> {
  let authHash: string;
  try {
    authHash = (await deriveCurrentKeys(account, password)).authHash;
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return WEAK_KDF_MESSAGE;
    throw error;
  }
  const check = await verifyPassword(authHash);
  if (!check.ok) return check.message ?? PASSWORD_CHECK_FAILED_MESSAGE;
  return check.value?.valid === true ? null : PASSWORD_ENTERED_INCORRECT_MESSAGE;
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy || password === '') return;
    setBusy(true);
    setError(null);
    let problem: string | null;
    try {
      problem = await proveOwnPassword(account, password);
    } catch {
      problem = PASSWORD_CHECK_FAILED_MESSAGE;
    }
    setBusy(false);
    if (problem) {
      setError(problem);
      return;
    }
    onResolve(true);
  };

  return (
    <ModalDialog
      title={title}
      subtext={subtext}
      onCancel={() => !busy && onResolve(false)}
      onEnter={() => void confirm()}
    >
      <TextField
        label="Password"
        type="password"
        name="current_password"
        autoComplete="current-password"
        data-autofocus
        value={password}
        error={error ?? undefined}
        onValueChange={(value) => {
          setPassword(value);
          setError(null);
        }}
        disabled={busy}
      />
      {busy ? (
        <p className="form-status" role="status">
          Checking your password…
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onResolve(false)}
          disabled={busy}
        >
          {cancelLabel ?? 'Cancel'}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          onClick={() => void confirm()}
          disabled={busy || password === ''}
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
