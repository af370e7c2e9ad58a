import type { Team } from '@coffer/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTeam } from '../../../api/teams-queries.js';
import { AdminFooter, saveAction } from '../../../components/admin-shell/admin-footer.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { LIST_FAILED_MESSAGE } from '../../../components/lists/scroll-list.js';
import { paths } from '../../../navigation/paths.js';
import { useTeamActions } from './team-actions.js';
import { TeamForm } from './team-form.js';
import { useTeamForm } from './use-team-form.js';
import { useTeamSubmit } from './use-team-submit.js';
import './admin-teams.css';

/** The title of the team edit screen. */
export const EDIT_TEAM_TITLE = 'Edit Team';

/**
 * /admin/teams/edit: the team passed in the navigation state (without it, the team list), read
 * afresh with its members and chests.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<Pick<Team, 'id' | 'name'>>(state);
  if (!opened) return <Navigate to={paths.adminTeams} replace />;
  return <EditTeam key={opened.row.id} opened={opened} />;
}

function EditTeam({ opened }: { opened: AdminRowState<Pick<Team, 'id' | 'name'>> }) {
  const team = useTeam(opened.row.id);
  const back = useAdminBack(opened, paths.adminTeams);
  if (team.isPending) {
    return (
      <p className="admin-table__status" role="status">
        Loading…
      </p>
    );
  }
  if (!team.data) {
    return (
      <p className="admin-table__status admin-table__status--error" role="alert">
        {LIST_FAILED_MESSAGE}
      </p>
    );
  }
  return <EditTeamForm team={team.data} back={back} />;
}

function EditTeamForm({ team, back }: { team: Team; back: () => void }) {
  const navigate = useNavigate();
  const form = useTeamForm(team);
  const actions = useTeamActions();
  const { submit, saving } = useTeamSubmit(form, true, back);
  return (
    <>
      <TeamForm title={EDIT_TEAM_TITLE} form={form} onSubmit={() => void submit()} />
      <AdminFooter
        onBack={back}
        actions={[
          ...(team.default_for_new_users
            ? []
            : [
                {
                  id: 'remove',
                  label: 'Remove Team',
                  variant: 'danger' as const,
                  onSelect: () =>
                    void actions.remove(team).then((done) => {
                      if (done) void navigate(paths.adminTeams, { replace: true });
                    }),
                },
              ]),
          saveAction(saving, 'Save the team', () => void submit()),
        ]}
      />
    </>
  );
}
