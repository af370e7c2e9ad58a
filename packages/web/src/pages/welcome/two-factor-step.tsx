import { FormCard } from '../../components/form-fields/form-card.js';
import { TwoFactorSetup } from '../../components/two-factor/two-factor-setup.js';
import { useWelcomeFlow } from './use-welcome-flow.js';

/** /welcome/twofactor: the accounts' two-step setup, then the next step. */
export function Component() {
  const flow = useWelcomeFlow();
  return (
    <FormCard title="Setup Two-Step Verification" width="wide">
      <TwoFactorSetup onDone={() => void flow.advance()} />
    </FormCard>
  );
}
