import type { Team } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX } from '@coffer/core';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../../api/api-error.js';
import { useTeam } from '../../../api/teams-queries.js';
import { useUserList } from '../../../api/users-queries.js';
import { ADMIN_SEARCH } from '../../../components/admin-shell/admin-areas.js';
import { useAdminFilter } from '../../../components/admin-shell/admin-context-store.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { AdminShowHeader } from '../../../components/admin-shell/admin-show-header.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import {
  readAdminRowState,
  useAdminBack,
  useOpenAdminRow,
} from '../../../components/admin-table/admin-row-state.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import { toTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import { paths } from '../../../navigation/paths.js';
import { useTeamActions } from './team-actions.js';
import { useUserTable } from './user-table.js';
import './admin-teams.css';

/** The team a screen is opened with: its id and name at least. */
type TeamRef = Pick<Team, 'id' | 'name'>;

/** /admin/teams/show: a team's members, with its chests and 'Team Settings'; opened with the team row. */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<TeamRef>(state);
  if (!opened) return <Navigate to={paths.adminTeams} replace />;
  return <TeamMembers key={opened.row.id} opened={opened} />;
}

function TeamMembers({ opened }: { opened: AdminRowState<TeamRef> }) {
  const back = useAdminBack(opened, paths.adminTeams);
  const openRow = useOpenAdminRow();
  const actions = useTeamActions();
  const team = useTeam(opened.row.id);
  const filter = useAdminFilter(ADMIN_SEARCH.teamUsers);
  const sort = useTableSort();
  const query = useUserList({ filter, order: sort.order, teamId: opened.row.id });
  const table = useUserTable();

  if (team.error instanceof ApiError && team.error.status === 404) {
    return <Navigate to={paths.adminTeams} replace />;
  }
  const current: TeamRef = team.data ?? opened.row;
  const settings = () => team.data && openRow(paths.adminTeamsEdit, team.data, 'teams');
  return (
    <>
      <AdminShowHeader
        title={current.name}
        label="Chests"
        noun={['chest', 'chests']}
        bubbles={
          team.data &&
          (team.data.vaults ?? []).map((chest) => ({
            id: chest.id,
            label: truncateName(chest.name, CHEST_NAME_VIEW_MAX),
            onOpen: () => openRow(paths.adminChestsShow, chest, 'chests'),
            onRemove: () => void (team.data ? actions.unlinkChest(team.data, chest) : undefined),
          }))
        }
      >
        <button type="button" className="button button--secondary" disabled={!team.data} onClick={settings}>
          Team Settings
        </button>
      </AdminShowHeader>
      <AdminTable
        label={`Users in ${current.name}`}
        noun="Users"
        list={toTableList(query)}
        sort={sort}
        {...table}
      />
      <AdminFooter
        onBack={back}
        actions={[
          {
            id: 'new',
            label: 'Add User',
            keys: 'Shift+N',
            description: 'Add a user to this team',
            variant: 'primary',
            onSelect: () => openRow(paths.adminTeamsUserNew, current, 'teams'),
          },
        ]}
      />
    </>
  );
}
