import { useDeleteOrganisation } from '../../../api/organisation-mutations.js';
import { useOrganisation } from '../../../api/organisation-queries.js';
import { openSecureConfirm } from '../../../components/modals/secure-confirm-modal.js';
import { notify } from '../../../lib/notification-store.js';
import { useSession, useSessionActions } from '../../../session/use-session.js';

/** Spec section 8's notices of a deletion. */
export const ORGANISATION_DELETED_MESSAGE = 'Organisation deleted successfully.';
export const ORGANISATION_DELETE_FAILED_MESSAGE = 'Organisation deletion failed.';
/** SecureConfirm's title before a deletion. */
export const DELETE_CONFIRM_TITLE = 'Delete the organisation?';

/**
 * Delete organisation (the owner): SecureConfirm asks for the password, then the organisation goes
 * with every chest, secret, team and user ('Organisation deleted successfully.' and logout), or
 * 'Organisation deletion failed.'.
 */
export function DeleteOrganisationRow() {
  const { profile } = useSession();
  const { logOut } = useSessionActions();
  const organisation = useOrganisation();
  const remove = useDeleteOrganisation();

  const start = async () => {
    if (!profile || remove.isPending) return;
    const name = organisation.data?.name ?? 'the organisation';
    const confirmed = await openSecureConfirm({
      title: DELETE_CONFIRM_TITLE,
      subtext: `${name} is deleted for good with every chest, secret, team and user; nobody of it can sign in afterwards. This cannot be undone.`,
      confirmLabel: 'Delete Organisation',
      danger: true,
      account: profile,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync();
    } catch {
      notify({ type: 'error', message: ORGANISATION_DELETE_FAILED_MESSAGE });
      return;
    }
    notify({ type: 'success', message: ORGANISATION_DELETED_MESSAGE });
    await logOut();
  };

  return (
    <div className="settings-row">
      <h3 className="settings-row__label">Delete Organisation</h3>
      <p className="settings-row__value">
        Delete the organisation with every chest, secret, team and user. This cannot be undone.
      </p>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={!profile || remove.isPending}
        onClick={() => void start()}
      >
        Delete <span className="visually-hidden">organisation</span>
      </button>
    </div>
  );
}
