import { useNavigate } from 'react-router';
import { useWritableChests } from '../../components/chests/use-writable-chests.js';
import { SecretForm } from '../../components/secrets/secret-form.js';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import { useWelcomeFlow } from './use-welcome-flow.js';

/** /welcome/first_secret: the secret form; saving sets has_secret on the server, then the next step. */
export function Component() {
  const { profile, isAdministrator } = useSession();
  const writable = useWritableChests();
  const flow = useWelcomeFlow();
  const navigate = useNavigate();
  return (
    <div className="welcome-first-secret">
      <SecretForm
        title="Add your first Secret"
        userId={profile?.id ?? ''}
        chests={writable.chests}
        chestsLoading={writable.loading}
        canCreateChest={isAdministrator}
        onSaved={() => void flow.advance()}
        onCancel={() => void navigate(paths.welcome)}
      />
    </div>
  );
}
