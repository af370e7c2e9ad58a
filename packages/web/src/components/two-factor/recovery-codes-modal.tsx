import { openModal } from '../../lib/modal-store.js';
import { ModalDialog } from '../modals/modal-dialog.js';
import { RecoveryCodesPanel } from './recovery-codes-panel.js';
import '../form-fields/form-card.css';
import './two-factor.css';

/** The title of the modal that shows freshly made recovery codes. */
export const NEW_RECOVERY_CODES_TITLE = 'New recovery codes';

/** Shows new recovery codes once, with Print and Download; Done (Enter, Esc) closes it. */
export function RecoveryCodesModal({ codes, onClose }: { codes: readonly string[]; onClose: () => void }) {
  return (
    <ModalDialog
      title={NEW_RECOVERY_CODES_TITLE}
      subtext="Your previous recovery codes no longer work. Keep these somewhere safe, away from your password: each lets you in once."
      onCancel={onClose}
      onEnter={onClose}
    >
      <RecoveryCodesPanel codes={codes} pending={false} error={null} />
      <div className="modal__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}

/** Opens the modal; resolves when it is closed. The codes are kept nowhere else. */
export async function openRecoveryCodesModal(codes: readonly string[]): Promise<void> {
  await openModal<void>((close) => <RecoveryCodesModal codes={codes} onClose={() => close()} />);
}
