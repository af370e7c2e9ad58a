import { Navigate } from 'react-router';
import { FormCard } from '../../components/form-fields/form-card.js';
import { useSession } from '../../session/use-session.js';
import { WelcomeMenu } from './welcome-menu.js';
import { decideWelcomeStep, WELCOME_STEP_PATHS } from './welcome-steps.js';

/**
 * /welcome: the menu titled Welcome. Non-administrators who finished password and two-factor but
 * not the tutorial go straight to the tutorial (spec section 2).
 */
export function Component() {
  const { profile } = useSession();
  if (!profile) return null;
  const next = decideWelcomeStep(profile);
  const onlyTutorialLeft = !profile.administrator && next === 'tutorial';
  if (onlyTutorialLeft) return <Navigate to={WELCOME_STEP_PATHS.tutorial} replace />;
  return (
    <FormCard title="Welcome" intro="Just a few steps to help get you started." width="wide">
      <WelcomeMenu user={profile} />
    </FormCard>
  );
}
