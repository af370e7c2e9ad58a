import { useState } from 'react';
import { ModalDialog } from '../../components/modals/modal-dialog.js';
import { openModal } from '../../lib/modal-store.js';
import { PasswordChangeFields } from './password-change-fields.js';
import { usePasswordChangeForm } from './use-password-change-form.js';
import '../../components/form-fields/form-fields.css';

/** The Password modal's success texts (spec section 4). */
export const PASSWORD_UPDATED_TITLE = 'Password Updated';
/** The button that closes the success view. */
export const PASSWORD_UPDATED_CONTINUE = 'Click to continue';

/**
 * The Password modal: PASSWORD (current, new, confirmation; Save disabled while any is empty), then
 * SUCCESS 'Password Updated' with 'Click to continue'. Esc cancels while nothing has changed.
 */
export function PasswordModal({ onClose }: { onClose: (changed: boolean) => void }) {
  const [done, setDone] = useState(false);
  const form = usePasswordChangeForm(() => setDone(true));

  if (done) {
    return (
      <ModalDialog
        key="success"
        title={PASSWORD_UPDATED_TITLE}
        subtext="Use your new password the next time you log in."
        onCancel={() => onClose(true)}
        onEnter={() => onClose(true)}
      >
        <div className="modal__actions">
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            onClick={() => onClose(true)}
          >
            {PASSWORD_UPDATED_CONTINUE}
          </button>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog
      key="password"
      title="Change Password"
      onCancel={() => !form.busy && onClose(false)}
      onEnter={() => void form.submit()}
    >
      <PasswordChangeFields form={form} />
      <div className="modal__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onClose(false)}
          disabled={form.busy}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void form.submit()}
          disabled={!form.canSave}
        >
          Save
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the Password modal; answers true when the password was changed. */
export async function openPasswordModal(): Promise<boolean> {
  return (await openModal<boolean>((close) => <PasswordModal onClose={close} />)) === true;
}
