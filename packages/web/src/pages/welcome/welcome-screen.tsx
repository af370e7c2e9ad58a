import { Navigate } from 'react-router';
import { FormCard } from '../../components/form-fields/form-card.js';
import { WelcomeMenu } from '../../components/welcome/welcome-menu.js';
import { decideWelcomeStep, WELCOME_STEP_PATHS } from '../../components/welcome/welcome-steps.js';
import { useSession } from '../../session/use-session.js';

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
