import { useNavigate } from 'react-router';
import { FormCard } from '../../components/form-fields/form-card.js';
import { paths } from '../../navigation/paths.js';
import { PersonalPasswordForm } from './personal-password-form.js';

/** /profile/personal_password: set a personal password (users who must change theirs land here). */
export function Component() {
  const navigate = useNavigate();
  return (
    <FormCard
      title="Set a personal password"
      intro="Your account was created with a generated password. Choose a password of your own: at least twelve characters, known only to you."
    >
      <PersonalPasswordForm onDone={() => void navigate(paths.home, { replace: true })} />
    </FormCard>
  );
}
