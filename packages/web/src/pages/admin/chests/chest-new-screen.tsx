import { useNavigate } from 'react-router';
import { AdminFooter, saveAction } from '../../../components/admin-shell/admin-footer.js';
import { paths } from '../../../navigation/paths.js';
import { ChestForm } from './chest-form.js';
import { useChestForm } from './use-chest-form.js';
import { useChestSubmit } from './use-chest-submit.js';
import './admin-chests.css';

/** /admin/chests/new: a chest with its first teams (chestName and firstTeam required) and managers. */
export function Component() {
  const navigate = useNavigate();
  const form = useChestForm();
  const back = () => void navigate(paths.adminChests);
  const { submit, saving } = useChestSubmit(form, false, back);
  return (
    <>
      <ChestForm title="New Chest" form={form} onSubmit={() => void submit()} />
      <AdminFooter onBack={back} actions={[saveAction(saving, 'Save the chest', () => void submit())]} />
    </>
  );
}
