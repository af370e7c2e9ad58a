import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.js';
import { useTransferOrganisation } from '../../../api/organisation-mutations.js';
import { openTransferModal } from '../../../components/modals/transfer-modal.js';
import { notify } from '../../../lib/notification-store.js';
import { paths } from '../../../navigation/paths.js';
import { useSession } from '../../../session/use-session.js';

/** Spec section 8's notice after a transfer. */
export const TRANSFERRED_MESSAGE = 'Organisation successfully transferred.';

/** Spec section 8's text of a failed transfer: 'Error: {error}'. */
export function transferFailedMessage(error: unknown): string {
  const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
  return `Error: ${reason}`;
}

/**
 * Transfer ownership (the owner): the Transfer modal picks an administrator and proves the password,
 * then the organisation changes hands ('Organisation successfully transferred.' and back to /), or
 * 'Error: {error}'.
 */
export function TransferOwnershipRow() {
  const { profile } = useSession();
  const transfer = useTransferOrganisation();
  const navigate = useNavigate();

  const start = async () => {
    if (!profile || transfer.isPending) return;
    const ownerId = await openTransferModal({ account: profile });
    if (!ownerId) return;
    try {
      await transfer.mutateAsync(ownerId);
    } catch (error) {
      notify({ type: 'error', message: transferFailedMessage(error) });
      return;
    }
    notify({ type: 'success', message: TRANSFERRED_MESSAGE });
    await navigate(paths.home);
  };

  return (
    <div className="settings-row">
      <h3 className="settings-row__label">Transfer Ownership</h3>
      <p className="settings-row__value">
        Give the organisation and its Owner Actions to another administrator.
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={!profile || transfer.isPending}
        onClick={() => void start()}
      >
        Transfer <span className="visually-hidden">ownership</span>
      </button>
    </div>
  );
}
