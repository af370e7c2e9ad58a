import { useMutation } from '@tanstack/react-query';
import { FormCard } from '../../components/form-fields/form-card.js';
import { TutorialCarousel } from './tutorial-carousel.js';
import { useWelcomeFlow } from './use-welcome-flow.js';

/** /welcome/tutorial: three slides; Finish saves the tutorial flag and moves on. */
export function Component() {
  const flow = useWelcomeFlow();
  const finish = useMutation({ mutationFn: flow.finishTutorial });
  return (
    <FormCard title="Let's explore the product" width="wide">
      <TutorialCarousel finishing={finish.isPending} onFinish={() => finish.mutate()} />
    </FormCard>
  );
}
