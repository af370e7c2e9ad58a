import type { UserRow } from '@coffer/core';
import { canRemoveUser } from '@coffer/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.js';
import { useUser } from '../../../api/users-queries.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import {
  readAdminRowState,
  useAdminBack,
  useOpenAdminRow,
} from '../../../components/admin-table/admin-row-state.js';
import { LIST_FAILED_MESSAGE } from '../../../components/lists/scroll-list.js';
import { paths } from '../../../navigation/paths.js';
import { useOwnership } from '../../../session/ownership.js';
import { useSession } from '../../../session/use-session.js';
import { useUserConfirmationResend } from './use-user-confirmation-resend.js';
import { useUserActions } from './user-actions.js';
import { UserActivityLog } from './user-activity-log.js';
import { UserChestsTable } from './user-chests-table.js';
import {
  BLOCKED_LABEL,
  confirmationLabel,
  DATA_ADMINISTRATOR_LABEL,
  permissionLabel,
} from './user-labels.js';
import { UserSettingsPanel } from './user-settings-panel.js';
import './admin-teams.css';

/** A Pending user's footer action: their confirmation mail again. */
export const RESEND_CONFIRMATION_LABEL = 'Resend confirmation email';

/** The user a screen is opened with: its id and name at least. */
type UserRef = Pick<UserRow, 'id' | 'name'>;

/**
 * /admin/teams/user: a user's chests and permissions, the settings panel (administrator, Block,
 * password reset, key fingerprint) and the 'User Activity Log'; opened with the user row. A Pending
 * user's page can mail their confirmation link again.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<UserRef>(state);
  if (!opened) return <Navigate to={paths.adminTeams} replace />;
  return <UserPage key={opened.row.id} opened={opened} />;
}

function UserPage({ opened }: { opened: AdminRowState<UserRef> }) {
  const navigate = useNavigate();
  const back = useAdminBack(opened, paths.adminTeams);
  const openRow = useOpenAdminRow();
  const actions = useUserActions();
  const confirmation = useUserConfirmationResend();
  const { profile } = useSession();
  const { owner } = useOwnership();
  const user = useUser(opened.row.id);

  if (user.error instanceof ApiError && user.error.status === 404) {
    return <Navigate to={paths.adminTeams} replace />;
  }
  const detail = user.data;
  const removable = profile !== undefined && canRemoveUser(profile, opened.row, owner);
  return (
    <>
      <header className="user-page__header">
        <div>
          <h1 className="admin__title">{detail?.name ?? opened.row.name}</h1>
          {detail ? <p className="user-page__email">{detail.email}</p> : null}
        </div>
        {detail ? (
          <ul className="user-page__tags" aria-label="Status">
            <li className="user-tag">{permissionLabel(detail)}</li>
            <li className="user-tag">{confirmationLabel(detail)}</li>
            {detail.locked ? <li className="user-tag user-tag--warning">{BLOCKED_LABEL}</li> : null}
            {detail.data_administrator ? <li className="user-tag">{DATA_ADMINISTRATOR_LABEL}</li> : null}
          </ul>
        ) : null}
      </header>
      {user.isError && !detail ? (
        <p className="admin-table__status admin-table__status--error" role="alert">
          {LIST_FAILED_MESSAGE}
        </p>
      ) : null}
      {detail ? <UserSettingsPanel user={detail} /> : null}
      <UserChestsTable user={detail} loading={user.isPending} />
      <UserActivityLog userId={opened.row.id} />
      <AdminFooter
        onBack={back}
        actions={[
          ...(removable
            ? [
                {
                  id: 'remove',
                  label: 'Remove',
                  variant: 'danger' as const,
                  onSelect: () =>
                    void actions.remove(opened.row).then((done) => {
                      if (done) void navigate(paths.adminTeams, { replace: true });
                    }),
                },
              ]
            : []),
          ...(detail && !detail.confirmed_at
            ? [
                {
                  id: 'resend-confirmation',
                  label: confirmation.sending ? 'Sending…' : RESEND_CONFIRMATION_LABEL,
                  disabled: confirmation.sending,
                  onSelect: () => void confirmation.resend(detail),
                },
              ]
            : []),
          {
            id: 'team',
            label: 'Add to Team',
            disabled: !detail,
            onSelect: () => void (detail ? actions.addToTeam(detail) : undefined),
          },
          {
            id: 'edit',
            label: 'Edit User',
            variant: 'primary',
            disabled: !detail,
            onSelect: () => detail && openRow(paths.adminTeamsUserEdit, detail, 'users'),
          },
        ]}
      />
    </>
  );
}
