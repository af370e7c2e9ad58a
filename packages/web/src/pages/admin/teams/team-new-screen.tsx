import { useNavigate } from 'react-router';
import { AdminFooter, saveAction } from '../../../components/admin-shell/admin-footer.js';
import { paths } from '../../../navigation/paths.js';
import { TeamForm } from './team-form.js';
import { useTeamForm } from './use-team-form.js';
import { useTeamSubmit } from './use-team-submit.js';
import './admin-teams.css';

/** /admin/teams/new: a team with its users and chests (teamName required, max 25). */
export function Component() {
  const navigate = useNavigate();
  const form = useTeamForm();
  const back = () => void navigate(paths.adminTeams);
  const { submit, saving } = useTeamSubmit(form, false, back);
  return (
    <>
      <TeamForm title="New Team" form={form} onSubmit={() => void submit()} />
      <AdminFooter onBack={back} actions={[saveAction(saving, 'Save the team', () => void submit())]} />
    </>
  );
}
