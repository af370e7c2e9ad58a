import type { Team } from '@coffer/core';
import { useLocation, useNavigate } from 'react-router';
import { setAdminToggle } from '../../../components/admin-shell/admin-context-store.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { paths } from '../../../navigation/paths.js';
import { NewUserFinish } from './new-user-finish.js';
import { NewUserForm } from './new-user-form.js';
import { NEW_USER_TEXT, useNewUserFlow } from './use-new-user-flow.js';
import './admin-teams.css';

/**
 * /admin/teams/user/new: FORM, CREATE ('Adding {name} to the product...'), FINISH ('{name} has been
 * added'); an error returns to FORM with the message. Opened from a team (its row menu's Add User,
 * Shift+N on its page), that team is preselected. Inviting by e-mail is offered beside adding.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<Pick<Team, 'id' | 'name'>>(state);
  const team = opened?.context === 'teams' ? opened.row : undefined;
  return <NewUser key={team?.id ?? ''} team={team} opened={opened} />;
}

function NewUser({
  team,
  opened,
}: {
  team: Pick<Team, 'id' | 'name'> | undefined;
  opened: ReturnType<typeof readAdminRowState>;
}) {
  const navigate = useNavigate();
  const back = useAdminBack(opened, paths.adminTeams);
  const flow = useNewUserFlow(team);
  const toTeams = () => void navigate(paths.adminTeams);

  if (flow.step.kind === 'finish') {
    return (
      <NewUserFinish
        id={flow.step.id}
        name={flow.step.name}
        email={flow.step.email}
        password={flow.step.password}
        mailSent={flow.step.mailSent}
        onBack={toTeams}
      />
    );
  }
  if (flow.step.kind === 'create') {
    return (
      <p className="admin-table__status" role="status">
        {NEW_USER_TEXT.creating(flow.step.name)}
      </p>
    );
  }
  const invite = async () => {
    if (!(await flow.invite())) return;
    setAdminToggle('teams', 'users');
    toTeams();
  };
  return (
    <>
      <NewUserForm flow={flow} onSubmit={() => void flow.create()} />
      <AdminFooter
        onBack={back}
        actions={[
          {
            id: 'invite',
            label: flow.inviting ? 'Sending…' : 'Invite by Email',
            disabled: flow.inviting,
            onSelect: () => void invite(),
          },
          {
            id: 'save',
            label: 'Add User',
            keys: 'Shift+S',
            description: 'Add the user',
            variant: 'primary',
            disabled: flow.inviting,
            onSelect: () => void flow.create(),
          },
        ]}
      />
    </>
  );
}
