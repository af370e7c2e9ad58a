import { useNavigate } from 'react-router';
import { useTeamList } from '../../../api/teams-queries.js';
import { useUserList } from '../../../api/users-queries.js';
import { ADMIN_SEARCH } from '../../../components/admin-shell/admin-areas.js';
import { useAdminFilter, useAdminToggle } from '../../../components/admin-shell/admin-context-store.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import { toTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { paths } from '../../../navigation/paths.js';
import { InvitationsSection } from './invitations-table.js';
import { useTeamTable } from './team-table.js';
import { useUserTable } from './user-table.js';
import './admin-teams.css';

/**
 * /admin/teams: the Teams table, or the Users table with the invitations not accepted yet below it
 * (the top bar's Teams/Users toggle).
 */
export function Component() {
  return useAdminToggle('teams') === 'teams' ? <TeamsTable /> : <UsersTable />;
}

function TeamsTable() {
  const navigate = useNavigate();
  const filter = useAdminFilter(ADMIN_SEARCH.teams);
  const sort = useTableSort();
  const query = useTeamList({ filter, order: sort.order });
  const table = useTeamTable();
  return (
    <>
      <h1 className="admin__title">Teams</h1>
      <AdminTable label="Teams" noun="Teams" list={toTableList(query)} sort={sort} {...table} />
      <AdminFooter
        actions={[
          {
            id: 'new',
            label: 'New Team',
            keys: 'Shift+N',
            description: 'Add a team',
            variant: 'primary',
            onSelect: () => void navigate(paths.adminTeamsNew),
          },
        ]}
      />
    </>
  );
}

function UsersTable() {
  const navigate = useNavigate();
  const filter = useAdminFilter(ADMIN_SEARCH.users);
  const sort = useTableSort();
  const query = useUserList({ filter, order: sort.order });
  const table = useUserTable();
  return (
    <>
      <h1 className="admin__title">Users</h1>
      <AdminTable label="Users" noun="Users" list={toTableList(query)} sort={sort} {...table} />
      <InvitationsSection />
      <AdminFooter
        actions={[
          {
            id: 'new',
            label: 'New User',
            keys: 'Shift+N',
            description: 'Add a user',
            variant: 'primary',
            onSelect: () => void navigate(paths.adminTeamsUserNew),
          },
        ]}
      />
    </>
  );
}
