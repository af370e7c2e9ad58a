import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FirstChestOffer } from '../../components/chests/first-chest-offer.js';
import { useWritableChests } from '../../components/chests/use-writable-chests.js';
import { SecretForm } from '../../components/secrets/secret-form.js';
import { paths } from '../../navigation/paths.js';
import { useSession } from '../../session/use-session.js';
import { useWelcomeFlow } from './use-welcome-flow.js';

/**
 * /welcome/first_secret: the secret form; saving sets has_secret on the server, then the next step.
 * An organisation without a chest is offered its first one above the form, which then starts in it.
 */
export function Component() {
  const { profile } = useSession();
  const writable = useWritableChests();
  const flow = useWelcomeFlow();
  const navigate = useNavigate();
  const [firstChestId, setFirstChestId] = useState<string | null>(null);
  return (
    <div className="welcome-first-secret">
      <FirstChestOffer writable={writable} onCreated={(chest) => setFirstChestId(chest.id)} />
      <SecretForm
        key={firstChestId ?? 'new'}
        title="Add your first Secret"
        userId={profile?.id ?? ''}
        start={firstChestId ? { vaultId: firstChestId } : {}}
        chests={writable.chests}
        chestsLoading={writable.loading}
        onSaved={() => void flow.advance()}
        onCancel={() => void navigate(paths.welcome)}
      />
    </div>
  );
}
