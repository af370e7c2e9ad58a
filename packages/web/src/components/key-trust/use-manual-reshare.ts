import { reshareRunner } from '../../crypto-client/reshare-runner.js';
import { useStore } from '../../lib/create-store.js';
import { notify } from '../../lib/notification-store.js';
import { useSession } from '../../session/use-session.js';
import { confirmPeople } from './confirm-people-modal.js';

/** Spec section 8's reshare notices. */
export const RESHARE_STARTED = 'Sharing Missing Secrets to Users in the product...';
export const RESHARE_NOTHING = 'No Missing Keys in the product!';

function keys(count: number): string {
  return `${count} missing ${count === 1 ? 'key' : 'keys'}`;
}

function people(count: number): string {
  return count === 1 ? '1 person waits' : `${count} people wait`;
}

/**
 * The 'Reshare Missing Keys' button's action, for any screen (the dashboard notice, the admin
 * settings): runs the reshare now, to the end, after any run in progress. People this browser does
 * not trust are named in the confirmation dialog; only a tick per person there trusts them. The
 * click itself confirms nobody: it names no one.
 */
export function useManualReshare() {
  const { profile } = useSession();
  const state = useStore(reshareRunner.store);
  const reshare = async (): Promise<void> => {
    if (!profile) return;
    notify({ type: 'info', message: RESHARE_STARTED });
    try {
      const result = await reshareRunner.run(profile.id, { manual: true, confirm: confirmPeople });
      if (!result) return;
      const waiting = new Set(result.untrusted.map((person) => person.userId)).size;
      if (result.shared > 0) notify({ type: 'success', message: `${keys(result.shared)} shared.` });
      if (waiting > 0)
        notify({
          type: 'info',
          message: `${people(waiting)} for your confirmation before getting ${keys(result.waiting)}.`,
        });
      if (result.shared === 0 && waiting === 0) notify({ type: 'info', message: RESHARE_NOTHING });
    } catch (error) {
      notify({
        type: 'error',
        message: error instanceof Error ? error.message : 'Sharing the missing keys failed.',
      });
    }
  };
  return {
    reshare,
    /** A manual run is under way in this tab (a click during a background run waits for it instead). */
    sharing: state.running && state.manual,
    progress: state.progress,
    total: state.total,
  };
}
