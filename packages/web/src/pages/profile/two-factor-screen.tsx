import { useNavigate } from 'react-router';
import { FormCard } from '../../components/form-fields/form-card.js';
import { TwoFactorSetup } from '../../components/two-factor/two-factor-setup.js';
import { paths } from '../../navigation/paths.js';

/** /profile/twofactor: two-step setup, back to Account Settings when done or cancelled. */
export function Component() {
  const navigate = useNavigate();
  const toProfile = () => void navigate(paths.profile, { replace: true });
  return (
    <FormCard title="Two-Step Verification" width="wide">
      <TwoFactorSetup onDone={toProfile} onCancel={toProfile} />
    </FormCard>
  );
}
