import { FormCard } from '../../components/form-fields/form-card.js';
import { PersonalPasswordForm } from '../profile/personal-password-form.js';
import { useWelcomeFlow } from './use-welcome-flow.js';

/** /welcome/personal_password: the accounts' personal-password form, then the next step. */
export function Component() {
  const flow = useWelcomeFlow();
  return (
    <FormCard
      title="Setup a personal password"
      intro="Your account was created with a generated password. Choose a password of your own: at least twelve characters, known only to you."
    >
      <PersonalPasswordForm onDone={() => void flow.advance()} />
    </FormCard>
  );
}
